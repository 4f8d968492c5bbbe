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

/**
 * HSTS for a site its viewers reach over https (PUBLIC_URL): browsers then refuse plain http to it for a
 * year, subdomains included, so nobody on the way can strip TLS from a later visit. Over http it would
 * mean nothing (browsers ignore it there), so it is not sent. X-XSS-Protection, which old scanners ask
 * for, is deliberately absent: browsers dropped that filter, and the Content-Security-Policy does its job.
 */
export function strictTransportSecurity(publicUrl: string): string | null {
  return publicUrl.startsWith('https://') ? 'max-age=31536000; includeSubDomains' : null;
}

/**
 * The page's policy with `origins` added to its form-action (Astro builds the policy from the config at
 * build time; the gateways that want a posted form are known only from the environment at start).
 */
export function withFormActions(policy: string, origins: readonly string[]): string {
  if (origins.length === 0) return policy;
  return policy.replace(/(^|;\s*)form-action ([^;]*)/, (_, start: string, sources: string) => {
    return `${start}form-action ${sources.trim()} ${origins.join(' ')}`;
  });
}
