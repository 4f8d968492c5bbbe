import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/**
 * `virtual:strings/<locale>/<path>`: one namespace (or a block inside it, `commerce.money`) of
 * src/i18n/<locale>.json as a module of its own. A bundler keeps a JSON file in one chunk, so islands that
 * imported named parts of fa.json all shared a chunk with every namespace any island uses; one module per
 * namespace lets each island's bundle carry only the namespaces it imports. Used by astro.config.mjs and
 * vitest.config.ts; types in ./virtual-strings.d.ts.
 */
const prefix = 'virtual:strings/';

export function namespaceModules(): Plugin {
  const folder = fileURLToPath(new URL('.', import.meta.url));
  return {
    name: 'cinema:namespace-strings',
    resolveId: (id) => (id.startsWith(prefix) ? `\0${id}` : undefined),
    load(id) {
      if (!id.startsWith(`\0${prefix}`)) return undefined;
      const [locale, keyPath = ''] = id.slice(prefix.length + 1).split('/');
      const file = path.join(folder, `${locale}.json`);
      this.addWatchFile(file);
      let node: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
      for (const part of keyPath.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
      if (typeof node !== 'object' || node === null) this.error(`${id}: no such block in ${locale}.json`);
      return `export default ${JSON.stringify(node)};`;
    },
  };
}
