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
 * The page's policy with `origins` added to its form-action (Astro builds the policy from the config at
 * build time; the gateways that want a posted form are known only from the environment at start).
 */
export function withFormActions(policy: string, origins: readonly string[]): string {
  if (origins.length === 0) return policy;
  return policy.replace(/(^|;\s*)form-action ([^;]*)/, (_, start: string, sources: string) => {
    return `${start}form-action ${sources.trim()} ${origins.join(' ')}`;
  });
}
