/**
 * Headers for every page besides the Content-Security-Policy, which Astro builds from `security.csp`
 * in astro.config.mjs. X-Frame-Options repeats frame-ancestors for browsers that predate it.
 */
export const pageSecurityHeaders: ReadonlyArray<readonly [string, string]> = [
  ['X-Frame-Options', 'DENY'],
  ['X-Content-Type-Options', 'nosniff'],
  ['Referrer-Policy', 'strict-origin-when-cross-origin'],
  ['Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(self)'],
];
