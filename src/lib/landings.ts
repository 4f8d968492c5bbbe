/**
 * The slugs of the campaign landings, one per file in src/content/landings: Vite lists the files when it
 * builds (none of them is loaded), so the shell rules and the response cache know a landing without
 * reading the content collection, which only pages can.
 */
const files = Object.keys(import.meta.glob('/src/content/landings/*.yaml', { query: '?raw' }));

export const landingSlugs: ReadonlySet<string> = new Set(
  files.map((file) => file.slice(file.lastIndexOf('/') + 1, -'.yaml'.length)),
);
