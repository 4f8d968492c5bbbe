import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readArtwork, type ArtworkText } from '~/server/core/artwork';
import { localStorage } from '~/server/core/storage/local';

/**
 * Issue 25: the home slider writes the title over a cover in the page's language, so a drawn cover
 * must not carry a title of its own (it showed through as a second one). Posters keep theirs: cards
 * show them with the title under them, and a poster without one would be a plain colour.
 */
const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

/** The file drawn for one key and title, in a data directory of its own (nothing cached between). */
async function draw(file: string, text: ArtworkText): Promise<Buffer> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'artwork-'));
  dirs.push(dataDir);
  return (await readArtwork(localStorage(dataDir), file, () => Promise.resolve(text))).data;
}

const separation = { titleFa: 'جدایی نادر از سیمین', titleEn: 'A Separation' };
const salesman = { titleFa: 'فروشنده', titleEn: 'The Salesman' };

describe('drawn artwork', () => {
  it('draws a cover without the title: the same picture whatever the title', async () => {
    // One after the other: concurrent requests for one file name share one rendering.
    const one = await draw('a-separation-cover-640.webp', separation);
    const other = await draw('a-separation-cover-640.webp', salesman);
    expect(one.equals(other)).toBe(true);
  });

  it('draws a poster with the title', async () => {
    // One after the other: concurrent requests for one file name share one rendering.
    const one = await draw('a-separation-poster-240.webp', separation);
    const other = await draw('a-separation-poster-240.webp', salesman);
    expect(one.equals(other)).toBe(false);
  });
});
