import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type {
  GatewaysResponse,
  Currency,
  PurchaseInfo,
  PurchaseOption,
  SubscriptionPackage,
} from '../../shared/commerce';
import type { AppContext } from '../context';
import { shownIn } from '../core/geo';
import type { Db } from '../db/client';
import type { ProductKind } from '../../shared/catalog';
import { festivalTitles, productMedia, productPrices, products, subscriptionPackages } from '../db/schema';
import { DomainError, notFound } from '../errors';
import { heldEntitlement, loadTitle, loadViewer, PURCHASE_WINDOW_MS, type TitleFacts } from '../playback';
import { currencies, VAT_PERCENT } from '../../shared/commerce';
import { readManifest } from '../media';
import { priceIn, withVat } from './money';
import { walletBalance } from './ledger';

/**
 * What can be bought and for how much: a title on its own (film, series, music), a festival package,
 * a screening ticket, a subscription package, as the purchase dialog and the title pages show them (a
 * payment is priced by its product kind: title-kind.ts, subscription-kind.ts). The refusals are
 * playback's (SPEC §8): nobody can buy their way past a region, a licence window or an ended screening.
 */

const SUBSCRIPTION_KINDS: readonly ProductKind[] = ['film', 'series', 'music'];

/** The payment type that buys a product of this kind on its own. */
export const purchaseTypeOf: Record<ProductKind, 'BUY_MOVIE' | 'BUY_FESTIVAL' | 'BUY_SCREENING'> = {
  film: 'BUY_MOVIE',
  series: 'BUY_MOVIE',
  music: 'BUY_MOVIE',
  festival: 'BUY_FESTIVAL',
  screening: 'BUY_SCREENING',
};

export type PurchaseEndpoint = 'title' | 'live' | 'festival';
const endpointKinds: Record<PurchaseEndpoint, readonly ProductKind[]> = {
  title: SUBSCRIPTION_KINDS,
  live: ['screening'],
  festival: ['festival'],
};

/** The currency a visitor is priced in: the one asked for, else their location's (IRR in Iran). */
export function currencyFor(ctx: AppContext, asked: Currency | undefined, clientAddress: string): Currency {
  return asked ?? ctx.geo.locate(clientAddress).locationCurrency;
}

/** GET /core/gateways: the gateways that take the currency, the first of them the default. */
export function gatewayChoice(
  ctx: AppContext,
  asked: Currency | undefined,
  clientAddress: string,
): GatewaysResponse {
  const location = ctx.geo.locate(clientAddress);
  const currency = asked ?? location.locationCurrency;
  const gateways = ctx.gateways.forCurrency(currency).map((adapter, index) => ({
    type: adapter.type,
    title: adapter.title.fa,
    en_title: adapter.title.en,
    default: index === 0,
  }));
  return {
    gateways,
    default_gateway: gateways[0]?.type ?? null,
    currency,
    location_currency: location.locationCurrency,
    is_eea: location.isEea,
  };
}

/** Refuses a title that cannot be sold here and now, in the order playback explains them. */
export function assertOnSale(title: TitleFacts, country: string | null, now: Date): void {
  if (!shownIn(title.regions, country)) throw new DomainError('forbidden', 'not_in_region');
  if (
    (title.availableFrom && title.availableFrom > now) ||
    (title.availableUntil && title.availableUntil <= now)
  ) {
    throw new DomainError('forbidden', 'not_available_now');
  }
  if (title.kind === 'screening' && title.endsAt && title.endsAt <= now) {
    throw new DomainError('gone', 'screening_ended');
  }
}

/**
 * Whether buying the title gives something to play: a package of its own (films, music, screenings),
 * of an episode (series) or of a programme title (festivals), found as the player finds it. What cannot
 * be played is not sold on its own (a subscription that holds it still is: the title is coming).
 */
export async function hasVideo(ctx: AppContext, title: Pick<TitleFacts, 'id' | 'kind'>): Promise<boolean> {
  const { db } = ctx.database;
  const ids =
    title.kind === 'festival'
      ? (
          await db
            .select({ id: festivalTitles.productId })
            .from(festivalTitles)
            .where(eq(festivalTitles.festivalId, title.id))
        ).map((row) => row.id)
      : [title.id];
  if (ids.length === 0) return false;
  const rows = await db
    .select({ asset: productMedia.asset })
    .from(productMedia)
    .where(and(inArray(productMedia.productId, ids), isNotNull(productMedia.asset)));
  for (const row of rows) if (row.asset && (await readManifest(ctx, row.asset))) return true;
  return false;
}

/** Refuses to sell on its own a title that has nothing to play (see hasVideo). */
export async function assertPlayable(ctx: AppContext, title: TitleFacts): Promise<void> {
  if (!(await hasVideo(ctx, title))) throw new DomainError('forbidden', 'no_video_yet');
}

export async function productPrice(db: Db, productId: number, currency: Currency): Promise<number | null> {
  const [row] = await db.select().from(productPrices).where(eq(productPrices.productId, productId));
  return row ? priceIn(row, currency) : null;
}

/** Whether a title is sold on its own: a price, and (films, series, music) not marked unpurchasable. */
export function soldAlone(title: TitleFacts, price: number | null): price is number {
  return price !== null && (title.purchasable || !SUBSCRIPTION_KINDS.includes(title.kind));
}

/**
 * What a title costs on its own in every currency, VAT included, or nothing when it is not sold alone:
 * the offer search engines read on its page, the same for every visitor (the page is cached).
 */
export async function listPrices(
  db: Db,
  productId: number,
): Promise<{ currency: Currency; total: number }[]> {
  const title = await loadTitle(db, productId, true);
  const [row] = await db.select().from(productPrices).where(eq(productPrices.productId, productId));
  if (!title || !row) return [];
  return currencies.flatMap((currency) => {
    const price = priceIn(row, currency);
    return soldAlone(title, price) ? [{ currency, total: withVat(price).total }] : [];
  });
}

export async function activePackages(db: Db, currency: Currency): Promise<SubscriptionPackage[]> {
  const rows = await db
    .select()
    .from(subscriptionPackages)
    .where(eq(subscriptionPackages.active, true))
    .orderBy(asc(subscriptionPackages.months));
  return rows.map((row) => {
    return {
      id: row.id,
      slug: row.slug,
      months: row.months,
      title: row.titleFa,
      en_title: row.titleEn,
      currency,
      ...withVat(priceIn(row, currency)),
    };
  });
}

/** How the viewer may already watch the title; null when they may not (or are not logged in). */
export async function heldBy(
  ctx: AppContext,
  title: TitleFacts,
  userId: number | null,
  clientAddress: string,
): Promise<PurchaseInfo['owned']> {
  if (userId === null) return title.isFree ? 'free' : null;
  const now = ctx.clock.now();
  const viewer = await loadViewer(
    ctx,
    title,
    { userId, clientAddress, streamingIp: null, presentedTicket: null },
    now,
  );
  return heldEntitlement(title, viewer, now);
}

/** GET /purchase-info/{id} and its live and festival twins. */
export async function purchaseInfo(
  ctx: AppContext,
  endpoint: PurchaseEndpoint,
  productId: number,
  viewer: { userId: number | null; clientAddress: string; currency: Currency },
): Promise<PurchaseInfo> {
  const { db } = ctx.database;
  const title = await loadTitle(db, productId, true);
  if (!title || !endpointKinds[endpoint].includes(title.kind)) throw notFound('product_not_found');
  const country = ctx.geo.locate(viewer.clientAddress).country;
  assertOnSale(title, country, ctx.clock.now());
  const [names] = await db
    .select({ title: products.titleFa, en_title: products.titleEn })
    .from(products)
    .where(eq(products.id, productId));
  const price = await productPrice(db, productId, viewer.currency);
  const playable = await hasVideo(ctx, title);
  const options: PurchaseOption[] = [];
  if (playable && soldAlone(title, price)) {
    options.push({
      type: purchaseTypeOf[title.kind],
      item_id: productId,
      title: names!.title,
      en_title: names!.en_title,
      currency: viewer.currency,
      ...withVat(price),
      window_hours: purchaseTypeOf[title.kind] === 'BUY_MOVIE' ? PURCHASE_WINDOW_MS / 3_600_000 : null,
    });
  }
  const packages =
    title.inSubscription && SUBSCRIPTION_KINDS.includes(title.kind)
      ? await activePackages(db, viewer.currency)
      : [];
  if (options.length === 0 && packages.length === 0 && !title.isFree) {
    throw new DomainError('forbidden', playable ? 'plans_not_available' : 'no_video_yet');
  }
  return {
    product_id: productId,
    kind: title.kind,
    title: names!.title,
    en_title: names!.en_title,
    currency: viewer.currency,
    vat_percent: VAT_PERCENT,
    options,
    packages,
    coming_soon: !playable,
    owned: await heldBy(ctx, title, viewer.userId, viewer.clientAddress),
    wallet:
      viewer.userId === null ? null : { balance: await walletBalance(db, viewer.userId, viewer.currency) },
  };
}
