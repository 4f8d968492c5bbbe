import type { AppContext } from '../context';
import { clientAddressOf } from '../core/client-address';
import type { VisitorLocation } from '../core/geo';
import { socketAddressOf } from './socket-address';

/** What a page knows of its request: Astro's context or `Astro` itself. */
interface PageRequest {
  readonly clientAddress: string;
  readonly request: Request;
}

/** Where a page's visitor is (country, EEA), for the consent banner and regional availability. */
export function locatePageVisitor(ctx: AppContext, page: PageRequest): VisitorLocation {
  return ctx.geo.locate(clientAddressOf(socketAddressOf(page), page.request.headers, ctx.config.trustProxy));
}
