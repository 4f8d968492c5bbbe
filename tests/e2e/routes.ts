import type { APIRequestContext, Page } from '@playwright/test';
import type { StaffRole } from '~/shared/staff-constants';
import { newAddress, newPhone, signUpByApi } from './auth-helpers';
import { productIdOf } from './player-helpers';
import { addAddressByApi, putInCartByApi, shopIdOf } from './shop-helpers';
import { staffMemberToken } from './staff-helpers';

/**
 * Every page of the product, as the browser tests that walk all pages see them (the phone layout, the
 * raw translation keys, the HTML checker). New pages join `routes`: `{slug}` stands for the id of that
 * demo title (ids follow the seed order), `{shop:slug}` for the id of those demo goods, `viewer` loads
 * the page as a signed-in viewer (one with an address and the goods of a line in the cart, so the shop's
 * pages show their forms filled).
 */
export interface Route {
  path: string;
  viewer?: boolean;
  /** Loads the page as a staff member holding this role (the console's pages). */
  staff?: StaffRole;
}

export const routes: Route[] = [
  { path: '/' },
  { path: '/search' },
  { path: '/search?q=kiarostami' },
  { path: '/about' },
  { path: '/terms' },
  { path: '/privacy' },
  { path: '/work-with-us' },
  { path: '/downloads' },
  { path: '/contact' },
  { path: '/landing1' },
  { path: '/landing2' },
  { path: '/landing3' },
  { path: '/login' },
  { path: '/no-such-page' },
  { path: '/shop' },
  { path: '/shop?category=poster' },
  { path: '/shop/{shop:kiarostami-box}' },
  { path: '/shop/{shop:tshirt-festival}' },
  { path: '/shop/cart' },
  { path: '/movies/{a-separation}' },
  { path: '/movies/{a-separation}?buy', viewer: true },
  { path: '/series/{silk-roads}' },
  { path: '/music/{homayoun-shajarian-live}' },
  { path: '/festivals/{fajr-classics}' },
  { path: '/lives/{tehran-nights-live}' },
  // Upcoming: its page is the waiting room (issue 30).
  { path: '/lives/{kamkars-night-live}' },
  // Ended: its page offers the catch-up, with the chat replayed beside the film (decision record 0055).
  { path: '/lives/{winter-letters-live}' },
  { path: '/lives/play/catch-up/{winter-letters-live}', viewer: true },
  { path: '/cafes' },
  { path: '/cafes?city=shiraz' },
  { path: '/cafes?title={the-orange-grove-live}' },
  { path: '/cafes/roshanai' },
  { path: '/cafes/roshanai?title={the-orange-grove-live}', viewer: true },
  // A session with numbered seats: its seat map (issue 25).
  { path: '/cafes/parde?title={a-separation}', viewer: true },
  { path: '/cafe-desk', viewer: true },
  { path: '/play-preview/{a-separation}' },
  { path: '/playtest/{a-separation}' },
  { path: '/play' },
  { path: '/play?festival={kiarostami-retrospective}', viewer: true },
  { path: '/lives/play' },
  { path: '/lives/play/{tehran-nights-live}' },
  { path: '/play/{a-separation}', viewer: true },
  { path: '/account', viewer: true },
  { path: '/account/profiles', viewer: true },
  { path: '/account/devices', viewer: true },
  { path: '/account/favorites', viewer: true },
  { path: '/profiles', viewer: true },
  { path: '/subscribe' },
  { path: '/gift' },
  { path: '/gift', viewer: true },
  { path: '/offline' },
  { path: '/not-on-profile' },
  { path: '/ask-a-grown-up' },
  { path: '/account/direct-debit', viewer: true },
  { path: '/account/wallet', viewer: true },
  { path: '/account/purchases', viewer: true },
  { path: '/account/tickets', viewer: true },
  { path: '/account/addresses', viewer: true },
  { path: '/account/orders', viewer: true },
  { path: '/shop/cart', viewer: true },
  { path: '/shop/checkout', viewer: true },
  { path: '/admin', staff: 'admin' },
  { path: '/admin/comments', staff: 'moderator' },
  { path: '/admin/chat', staff: 'moderator' },
  { path: '/admin/inboxes', staff: 'support' },
  { path: '/admin/marketing', staff: 'catalogue' },
  { path: '/admin/roles', staff: 'admin' },
  { path: '/admin/audit', staff: 'admin' },
  { path: '/admin/orders', staff: 'shop' },
  { path: '/admin/goods', staff: 'shop' },
  { path: '/admin/viewers', staff: 'support' },
  { path: '/admin/catalogue', staff: 'catalogue' },
  { path: '/admin/catalogue?new=series', staff: 'catalogue' },
  { path: '/admin/catalogue?title={a-separation}', staff: 'catalogue' },
  { path: '/admin/payments', staff: 'finance' },
  { path: '/admin/discounts', staff: 'finance' },
  { path: '/admin/gifts', staff: 'finance' },
  { path: '/admin/finance', staff: 'finance' },
  { path: '/admin/settlement', staff: 'finance' },
];

/** The search query that finds each demo title whose slug a route names. */
const queries: Record<string, string> = {
  'a-separation': 'separation',
  'silk-roads': 'silk roads',
  'homayoun-shajarian-live': 'homayoun',
  'fajr-classics': 'classics',
  'tehran-nights-live': 'tehran nights',
  'kamkars-night-live': 'kamkars',
  'the-orange-grove-live': 'orange grove',
  'winter-letters-live': 'winter letters',
};

/** The route's path with its ids filled in. */
export async function resolve(request: APIRequestContext, path: string): Promise<string> {
  let resolved = path;
  for (const [placeholder, slug = ''] of path.matchAll(/\{([a-z0-9-]+)\}/g)) {
    resolved = resolved.replace(placeholder, String(await productIdOf(request, queries[slug] ?? slug, slug)));
  }
  for (const [placeholder, slug = ''] of path.matchAll(/\{shop:([a-z0-9-]+)\}/g)) {
    resolved = resolved.replace(placeholder, String(await shopIdOf(request, slug)));
  }
  return resolved;
}

/** One staff member per role and worker. */
const staffTokens = new Map<StaffRole, Promise<string>>();
function staffTokenOf(request: APIRequestContext, role: StaffRole): Promise<string> {
  if (!staffTokens.has(role)) staffTokens.set(role, staffMemberToken(request, role));
  return staffTokens.get(role)!;
}

/** One signed-up viewer per worker: its token goes into each page's localStorage. */
let viewer: Promise<{ token: string; address: string }> | undefined;
function viewerOf(request: APIRequestContext) {
  viewer ??= (async () => {
    const address = newAddress();
    const token = await signUpByApi(request, newPhone(), 'phone-pass-1404', address);
    await addAddressByApi(request, token);
    await putInCartByApi(request, 'tote-cinemakhaneh', { token, address });
    return { token, address };
  })();
  return viewer;
}

/**
 * Readies `page` to load the route as the one it names (a viewer's or staff member's token in its
 * localStorage) and answers the route's path with its ids filled in.
 */
export async function prepareRoute(page: Page, request: APIRequestContext, route: Route): Promise<string> {
  const path = await resolve(request, route.path);
  if (route.viewer) {
    const { token, address } = await viewerOf(request);
    await page.setExtraHTTPHeaders({ 'X-Forwarded-For': address });
    await page.addInitScript((value) => localStorage.setItem('token', value), token);
  }
  if (route.staff) {
    const token = await staffTokenOf(request, route.staff);
    await page.addInitScript((value) => localStorage.setItem('token', value), token);
  }
  return path;
}
