import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { locales } from '~/lib/locale';
import { webAppManifest } from '~/lib/web-app';

/** Width and height from a PNG's IHDR chunk. */
function pngSize(file: string): string {
  const bytes = readFileSync(`public${file}`);
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

describe('the web app manifest', () => {
  it.each(locales)('in %s has what browsers need to offer the install', (locale) => {
    const manifest = webAppManifest(locale);
    expect(manifest.name).not.toMatch(/^brand$|^$/);
    expect(manifest.short_name.length).toBeLessThanOrEqual(15);
    expect(manifest).toMatchObject({
      lang: locale,
      dir: locale === 'fa' ? 'rtl' : 'ltr',
      display: 'standalone',
    });
    expect(manifest.description).not.toContain('downloads.');
    expect(manifest.start_url.startsWith(manifest.scope)).toBe(true);
    expect(manifest.start_url).toBe(locale === 'fa' ? '/' : '/en');
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/);
    for (const icon of manifest.icons) expect(pngSize(icon.src)).toBe(icon.sizes);
    // Chromium wants a 192 and a 512 pixel icon; Android's launchers a maskable one.
    const sizes = manifest.icons.filter((icon) => icon.purpose === 'any').map((icon) => icon.sizes);
    expect(sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(manifest.icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
  });
});
