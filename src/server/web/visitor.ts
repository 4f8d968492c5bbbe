import type { AppContext } from '../context';
import { clientAddressOf } from '../core/client-address';
import type { VisitorLocation } from '../core/geo';

/** What a page knows of its request: Astro's context or `Astro` itself. */
interface PageRequest {
  readonly clientAddress: string;
  readonly request: Request;
}

/**
 * Where a page's visitor is (country, EEA), for the consent banner and regional availability. Astro
 * throws when it cannot tell the address (no socket behind it); such a visitor counts as unknown, which
 * is outside every region.
 */
export function locatePageVisitor(ctx: AppContext, page: PageRequest): VisitorLocation {
  let address = '';
  try {
    address = clientAddressOf(page.clientAddress, page.request.headers, ctx.config.trustProxy);
  } catch {
    // Unknown, as above.
  }
  return ctx.geo.locate(address);
}
