/**
 * Sitemaps change when the catalogue does, which is rarely on a crawler's scale: an hour in any cache
 * on the way saves rendering them for every crawler's visit.
 */
export function xmlResponse(xml: string): Response {
  return new Response(xml, {
    headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
}
