/**
 * Headers of every API answer, errors included. The API serves JSON, SVG and media files only, so
 * nothing in a response may load, run or be framed. Shared by the API's middleware and server.mjs's
 * media door, which answers package files before the API (src/server/web/media-door.ts).
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'; sandbox",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Resource-Policy': 'same-origin',
};
