import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { landingSchema } from '~/lib/landing-schema';

const folder = path.resolve(import.meta.dirname, '../../src/content/landings');
const files = readdirSync(folder).filter((name) => name.endsWith('.yaml'));
const read = (name: string): unknown => parse(readFileSync(path.join(folder, name), 'utf8'));

/** The problems zod reports, as the build names them: field path and message. */
function problemsOf(data: unknown): string[] {
  const result = landingSchema.safeParse(data);
  return result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

describe('campaign landings', () => {
  it('the three demo campaigns are valid files with an offer, a festival and a premiere', () => {
    expect(files.sort()).toEqual(['landing1.yaml', 'landing2.yaml', 'landing3.yaml']);
    for (const name of files) expect(problemsOf(read(name)), name).toEqual([]);
    const types = (name: string) => landingSchema.parse(read(name)).blocks.map((block) => block.type);
    expect(types('landing1.yaml')).toEqual(
      expect.arrayContaining(['hero', 'offer', 'titles', 'testimonials', 'faq', 'cta']),
    );
    expect(types('landing3.yaml')).toContain('countdown');
  });

  it('a broken block is refused with the field that is wrong', () => {
    const landing = read('landing1.yaml') as { blocks: Record<string, unknown>[] };
    const offerAt = landing.blocks.findIndex((block) => block['type'] === 'offer');
    landing.blocks[offerAt] = { ...landing.blocks[offerAt], code: 'demo 20' };
    expect(problemsOf(landing)).toEqual([
      `blocks.${offerAt}.code: a discount code in capitals, such as DEMO-20`,
    ]);

    landing.blocks[offerAt] = { type: 'offer' };
    expect(problemsOf(landing).some((problem) => problem.startsWith(`blocks.${offerAt}.heading`))).toBe(true);
    expect(problemsOf({ ...landing, blocks: [{ type: 'banner' }] })[0]).toMatch(/^blocks\.0\.type/);
  });

  it('calls to action lead to pages of this site, written without a language prefix', () => {
    const cta = (href: string) => ({
      ...(read('landing1.yaml') as object),
      blocks: [{ type: 'cta', action: { label: { fa: 'الف', en: 'A' }, href } }],
    });
    expect(problemsOf(cta('/subscribe?code=DEMO-20'))).toEqual([]);
    for (const href of [
      '/en/subscribe',
      'https://elsewhere.example/',
      '//elsewhere.example/x',
      'subscribe',
    ]) {
      expect(problemsOf(cta(href)), href).not.toEqual([]);
    }
  });
});
