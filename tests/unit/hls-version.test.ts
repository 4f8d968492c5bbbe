import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { liveWindow, renderLivePlaylist } from '~/server/media/live';
import { parseMediaPlaylist } from '~/server/media/packages';
import { checkHlsVersion } from '../fixtures/hls-version-rules';

/** Every playlist of the committed demo packages (what a fresh clone serves). */
function playlists(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const where = path.join(dir, entry.name);
    if (entry.isDirectory()) return playlists(where);
    return entry.name.endsWith('.m3u8') ? [where] : [];
  });
}
const demo = playlists(path.resolve('media/demo'));

describe('HLS playlists declare the lowest protocol version that fits (RFC 8216 §7)', () => {
  it('the rules: float durations need 3, EXT-X-MAP 6, byte ranges 4, IV 2, integers 1', () => {
    expect(checkHlsVersion('#EXTM3U\n#EXT-X-VERSION:6\n#EXTINF:2.000000,\na.ts\n')).toMatchObject({
      declared: 6,
      required: 3,
    });
    expect(checkHlsVersion('#EXTM3U\n#EXT-X-MAP:URI="init.mp4"\n#EXTINF:2.0,\na.m4s\n').required).toBe(6);
    expect(checkHlsVersion('#EXTM3U\n#EXT-X-BYTERANGE:100@0\n#EXTINF:2,\na.ts\n').required).toBe(4);
    expect(
      checkHlsVersion('#EXTM3U\n#EXT-X-KEY:METHOD=AES-128,URI="k",IV=0x01\n#EXTINF:2,\na.ts\n').required,
    ).toBe(2);
    expect(checkHlsVersion('#EXTM3U\n#EXTINF:2,\na.ts\n')).toMatchObject({ declared: 1, required: 1 });
  });

  it('covers every rendition, trailer and subtitle playlist of the demo packages', () => {
    expect(demo.filter((file) => /\/v\d+\/index\.m3u8$/.test(file)).length).toBeGreaterThanOrEqual(10);
    expect(demo.some((file) => file.endsWith('subs/fa.m3u8'))).toBe(true);
  });

  it.each(demo.map((file) => [path.relative('media/demo', file), file]))('%s', (_name, file) => {
    const check = checkHlsVersion(readFileSync(file, 'utf8'));
    expect(check.allowed, `declares ${check.declared}, needs ${check.required}`).toContain(check.declared);
    if (!check.master) expect(check.declared).toBe(check.required);
  });

  it('the live window of a screening, encrypted and clear', () => {
    const packaged = parseMediaPlaylist(
      readFileSync(path.resolve('media/demo/bars/v360/index.m3u8'), 'utf8'),
    );
    const start = new Date('2026-03-21T20:00:00Z');
    const window = liveWindow(packaged, start, new Date(start.getTime() + 65_000));
    for (const keyLine of [packaged.keyLine, null]) {
      const check = checkHlsVersion(renderLivePlaylist(window, packaged.targetDuration, keyLine));
      expect(check.declared).toBe(check.required);
    }
  });
});
