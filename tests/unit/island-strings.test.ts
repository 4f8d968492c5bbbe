import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resources } from '~/i18n';
import type { IslandStrings } from '~/islands/shared/strings';
import { awardStrings } from '~/islands/shared/strings-award';
import { consoleStrings } from '~/islands/shared/strings-console';
import { contactStrings } from '~/islands/shared/strings-contact';
import { screeningStrings } from '~/islands/shared/strings-screenings';
import { socialStrings } from '~/islands/shared/strings-social';
import { viewerStrings } from '~/islands/shared/strings-viewer';

/*
 * An island ships only the namespaces its root loads (islands/shared/strings.ts); a key of any other
 * namespace would show raw on the page. Each island root's code (everything it imports inside src/) is
 * read for the namespaces its keys name ('account.…', `cafes.${…}`), and each must be loaded.
 */
const src = path.resolve('src');
/** The API's messages are translated by the server; an island shows them as they come. */
const namespaces = Object.keys(resources.en).filter((name) => name !== 'api');

function resolveImport(from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith('~/')) base = path.join(src, spec.slice(2));
  else if (spec.startsWith('.')) base = path.resolve(path.dirname(from), spec);
  else return null;
  const candidates = [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`];
  return candidates.find((file) => /\.tsx?$/.test(file) && fs.existsSync(file)) ?? null;
}

function closureOf(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const text = fs.readFileSync(file, 'utf8');
  for (const match of text.matchAll(/^(?:import|export) (?!type )[^;]*?from '([^']+)'/gm)) {
    const imported = resolveImport(file, match[1] ?? '');
    if (imported && !imported.startsWith(path.join(src, 'i18n'))) closureOf(imported, seen);
  }
  return seen;
}

function namespacesNamed(files: Set<string>): string[] {
  const named = new Set<string>();
  for (const file of files) {
    if (file.startsWith(path.join(src, 'islands/shared/strings'))) continue;
    for (const match of fs.readFileSync(file, 'utf8').matchAll(/['"`]([a-zA-Z]+)\.[\w${]/g)) {
      if (namespaces.includes(match[1] ?? '')) named.add(match[1] ?? '');
    }
  }
  return [...named].sort();
}

function islandFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    return entry.isDirectory() ? islandFiles(file) : /\.tsx$/.test(entry.name) ? [file] : [];
  });
}

/** Sets an island's own `./strings` module may hand to translatorOf. */
const translatorSets: Record<string, IslandStrings> = { socialStrings, screeningStrings, awardStrings };

/** The strings a root loads, read from how it is wrapped (or from the set its `./strings` translates). */
function loadedBy(file: string, text: string): IslandStrings | null {
  if (/<AdminIsland\b/.test(text)) return consoleStrings;
  if (/createIslandI18n\(locale, contactStrings\)/.test(text)) return contactStrings;
  if (/<IslandRoot\b(?![^>]*strings=)/.test(text)) return viewerStrings;
  if (/from '\.\/strings'/.test(text)) {
    const own = fs.readFileSync(path.join(path.dirname(file), 'strings.ts'), 'utf8');
    const set = /translatorOf\((\w+)\)/.exec(own)?.[1] ?? '';
    const strings = translatorSets[set];
    if (!strings)
      throw new Error(`${file}: its ./strings translates ${set || 'no set'}, unknown to this test`);
    return strings;
  }
  return null;
}

describe('island strings', () => {
  const roots = islandFiles(path.join(src, 'islands'))
    .map((file) => ({ file, strings: loadedBy(file, fs.readFileSync(file, 'utf8')) }))
    .filter((root): root is { file: string; strings: IslandStrings } => root.strings !== null);

  it('are found for the islands', () => {
    expect(roots.length).toBeGreaterThan(30);
  });

  it('include every namespace an island root names', () => {
    const missing = roots.flatMap(({ file, strings }) =>
      namespacesNamed(closureOf(file))
        .filter((name) => !(name in strings.en) || !(name in strings.fa))
        .map((name) => `${path.relative(src, file)}: ${name}`),
    );
    expect(missing).toEqual([]);
  });

  it('leave out what no island shows: the pages-only texts and the API messages', () => {
    for (const strings of [viewerStrings, consoleStrings, contactStrings, socialStrings, screeningStrings]) {
      expect(Object.keys(strings.en)).not.toContain('api');
      expect(Object.keys(strings.en)).not.toContain('player');
      expect(Object.keys(strings.fa).sort()).toEqual(Object.keys(strings.en).sort());
    }
  });
});
