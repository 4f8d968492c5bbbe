#!/usr/bin/env node
// Cuts the Vazirmatn variable font (OFL, from the `vazirmatn` package) into two subsets the pages load
// by unicode-range: Persian/Arabic script and Latin. A page preloads only its own language's half, so
// the font no longer competes with the first picture for a phone's bandwidth (111 KB → about 31 KB).
// The weight axis is kept from 400 to 800, the weights the styles use. The outputs are committed;
// run `npm run fonts` again after updating the package or the ranges (src/lib/font-ranges.ts).
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import subsetFont from 'subset-font';
import { fontSubsets } from '../src/lib/font-ranges.ts';

const require = createRequire(import.meta.url);
const source = await readFile(require.resolve('vazirmatn/fonts/webfonts/Vazirmatn[wght].woff2'));
const outDir = path.join(import.meta.dirname, '..', 'src', 'assets', 'fonts');

/** Every code point of ranges such as [[0x600, 0x6ff]], as one string. */
function charactersOf(ranges) {
  let text = '';
  for (const [first, last] of ranges) {
    for (let code = first; code <= last; code += 1) text += String.fromCodePoint(code);
  }
  return text;
}

for (const [name, ranges] of Object.entries(fontSubsets)) {
  const subset = await subsetFont(source, charactersOf(ranges), {
    targetFormat: 'woff2',
    variationAxes: { wght: { min: 400, max: 800 } },
  });
  const file = path.join(outDir, `vazirmatn-${name}.woff2`);
  await writeFile(file, subset);
  console.log(`${path.relative(process.cwd(), file)}: ${subset.length} bytes`);
}
