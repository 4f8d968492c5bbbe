import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { localStorage } from '~/server/core/storage/local';
import { keptMediaFile as kept, mediaCacheUse, mediaFile as read } from '~/server/media/file-cache';

describe('media file cache', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'media-cache-'));
  const storage = localStorage(dir);
  const file = (name: string, size: number) => {
    writeFileSync(path.join(dir, name), Buffer.alloc(size, name.charCodeAt(0)));
    return name;
  };
  const mediaFile = (budget: number, key: string) => read(budget, storage, key);
  const keptMediaFile = (budget: number, key: string) => kept(budget, storage, key);

  it('keeps files within its byte budget, least recently used out first', async () => {
    // A 100-byte file may take 1/16 of the budget: 1,600 bytes hold 16 of them.
    const budget = 1_600;
    const names = Array.from({ length: 17 }, (_, i) => file(`seg${i}`, 100));
    await mediaFile(budget, names[0]!);
    for (const name of names.slice(1, 16)) await mediaFile(budget, name);
    keptMediaFile(budget, names[0]!); // used again: now the most recent
    await mediaFile(budget, names[16]!);
    expect(mediaCacheUse(budget)).toEqual({ files: 16, bytes: 1_600 });
    expect(keptMediaFile(budget, names[0]!)).toBeDefined();
    expect(keptMediaFile(budget, names[1]!)).toBeUndefined();
  });

  it('streams a file too large for its share instead of keeping it, and reads each miss once', async () => {
    const budget = 3_200;
    const large = await mediaFile(budget, file('large', 1_000));
    expect(large.body).toBeNull();
    expect(large.size).toBe(1_000);
    expect(mediaCacheUse(budget).files).toBe(0);
    const name = file('small', 50);
    const [a, b] = await Promise.all([mediaFile(budget, name), mediaFile(budget, name)]);
    expect(a).toBe(b);
    expect(a.body).toEqual(Buffer.alloc(50, 's'.charCodeAt(0)));
    expect(a.etag).toMatch(/^"[0-9a-f]+-32"$/);
    await expect(mediaFile(budget, 'missing')).rejects.toThrow();
  });
});
