/**
 * The peer address Astro read from the request's socket, or '' when it cannot tell: Astro throws
 * ClientAddressNotAvailable once the client has gone (its socket no longer has an address), which
 * happens whenever a viewer closes a tab mid-request. Such a request counts as from an unknown address
 * (outside every region, its own rate-limit bucket) instead of failing with a 500.
 */
export function socketAddressOf(page: { readonly clientAddress: string }): string {
  try {
    return page.clientAddress;
  } catch {
    return '';
  }
}
