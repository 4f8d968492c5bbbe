// Draws the installable web app's icons (public/icons) from the brand mark of public/favicon.svg:
// "any" icons keep the mark's rounded frame on transparency; the maskable one fills the square with
// the brand red and keeps the mark inside the central safe zone (80 %) that launchers never crop.
// Run with `node scripts/app-icons.mjs`; the PNGs are committed.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

const out = path.resolve(import.meta.dirname, '../public/icons');
const red = '#b4232a';
const mark = (scale) =>
  `<g transform="translate(16 16) scale(${scale}) translate(-16 -16)"><path d="M13 11.5v9l8-4.5z" fill="#fff"/></g>`;
const any = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect x="1" y="4" width="30" height="24" rx="5" fill="${red}"/>${mark(1.4)}</svg>`;
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${red}"/>${mark(1.2)}</svg>`;

await mkdir(out, { recursive: true });
for (const [name, svg, size] of [
  ['icon-192.png', any, 192],
  ['icon-512.png', any, 512],
  ['maskable-512.png', maskable, 512],
  ['apple-touch-icon.png', maskable, 180],
]) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(path.join(out, name));
  console.log(`public/icons/${name}`);
}
