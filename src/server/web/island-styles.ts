/**
 * Astro writes the rule for its island wrappers as a `<style>` just before the first island of a page,
 * in the body, where HTML allows no style after other content (the Nu HTML Checker's error on every page
 * with an island, issue 24 (16)). The same rule is in the head (src/styles/global.css), so a page drops
 * Astro's copies, the one inside the account island's <template> included. The text is Astro's own
 * (astro/dist/runtime/server/astro-island-styles.js); the HTML browser test fails if it ever changes.
 */
const ISLAND_STYLE = '<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>';

/** The page without Astro's island styles; any other response as it is. */
export async function withoutIslandStyles(response: Response): Promise<Response> {
  if (!response.headers.get('content-type')?.startsWith('text/html') || !response.body) return response;
  const html = await response.text();
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(html.replaceAll(ISLAND_STYLE, ''), {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}
