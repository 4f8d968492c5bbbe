import type {
  Currency,
  GatewayType,
  Payment,
  PaymentRequest,
  PaymentStatus,
  PurchaseInfo,
  Quote,
  QuoteRequest,
  SubscriptionPackage,
} from '~/shared/commerce';
import type { ProductKind } from '~/shared/catalog';
import { festivalPlayRoute, titleRoute } from './routes';
import { toLatinDigits } from './format';

/**
 * Pure helpers of the buying side in the browser (purchase dialog, result page, account pages): which
 * call describes what is on sale, what a payment request carries, where a paid item is watched.
 */

/** SPEC §7: screenings and festivals have purchase-info calls of their own. */
export function purchaseInfoPath(kind: ProductKind, id: number): string {
  if (kind === 'screening') return `/live-purchase-info/${id}`;
  if (kind === 'festival') return `/festival-purchase-info/${id}`;
  return `/purchase-info/${id}`;
}

/** One thing the dialog offers: a purchase-info option or a subscription package, priced alike. */
export interface Choice {
  type: 'BUY_MOVIE' | 'BUY_FESTIVAL' | 'BUY_SCREENING' | 'SUBSCRIPTION';
  item_id: number;
  title: string;
  en_title: string;
  currency: Currency;
  price: number;
  vat: number;
  total: number;
  /** BUY_MOVIE: hours it may be watched from the first play. */
  window_hours: number | null;
  /** SUBSCRIPTION: the package's length. */
  months: number | null;
}

export function packageChoice(pack: SubscriptionPackage): Choice {
  return { ...pack, type: 'SUBSCRIPTION', item_id: pack.id, window_hours: null, months: pack.months };
}

/** The title's own purchase (or ticket, or festival pass) first, then the packages that include it. */
export function choicesOf(info: PurchaseInfo): Choice[] {
  return [
    ...info.options.map((option) => ({ ...option, months: null })),
    ...info.packages.map(packageChoice),
  ];
}

export function choiceKey(choice: Pick<Choice, 'type' | 'item_id'>): string {
  return `${choice.type}:${choice.item_id}`;
}

/**
 * What the viewer has chosen (in the purchase dialog, or at the shop's checkout), as POST /payments/quote
 * and POST /payments take it.
 */
export interface Selection {
  /**
   * A title or package (`item_id`), the cart with where it goes (BUY_PHYSICAL), or a cafe session with
   * its number of seats and, on a seat map, the seats picked (BUY_CAFE_TICKET).
   */
  choice: Pick<QuoteRequest, 'type' | 'item_id' | 'address_id' | 'delivery_method_id' | 'seats' | 'places'>;
  currency: Currency;
  /** A code the quote accepted (a refused one is never sent with the payment). */
  discountCode: string | null;
  useWallet: boolean;
}

export function quoteRequestOf({ choice, currency, discountCode, useWallet }: Selection) {
  // Field by field: a dialog's choice carries its titles and prices too, which the API does not take.
  const { type, item_id, address_id, delivery_method_id, seats, places } = choice;
  return {
    type,
    item_id,
    address_id,
    delivery_method_id,
    seats,
    places,
    currency,
    use_wallet: useWallet,
    ...(discountCode ? { discount_code: discountCode } : {}),
  } satisfies Omit<PaymentRequest, 'gateway'>;
}

/**
 * The payment request for a quote: when the wallet covers everything nothing goes to a gateway, and the
 * contract names that gateway `wallet`.
 */
export function paymentRequestOf(
  selection: Selection,
  quote: Pick<Quote, 'gateway_part'>,
  gateway: GatewayType | null,
): PaymentRequest | null {
  const chosen: PaymentRequest['gateway'] | null = quote.gateway_part === 0 ? 'wallet' : gateway;
  return chosen ? { ...quoteRequestOf(selection), gateway: chosen } : null;
}

/** Payments still on their way: the result page keeps asking until one of the end states. */
export function isPending(status: PaymentStatus): boolean {
  return status === 'started' || status === 'at_gateway' || status === 'verified';
}

/** What a payment bought, as far as links need it. */
export type ItemRef = Pick<NonNullable<Payment['item']>, 'kind' | 'id'>;

/**
 * Where a bought title is watched: the player, a screening's live address, the ticket page told which
 * festival (the pass just bought plays there with one press).
 */
export function watchPathOf(item: ItemRef): string | null {
  switch (item.kind) {
    case 'film':
    case 'series':
    case 'music':
      return `/play/${item.id}`;
    case 'screening':
      return `/lives/play/${item.id}`;
    case 'festival':
      return festivalPlayRoute(item.id);
    default:
      return null;
  }
}

/** A bought title's own page (null for a subscription package, which has none). */
export function itemPagePath(item: ItemRef): string | null {
  return item.kind === 'package' ? null : titleRoute(item.kind, item.id);
}

/** A result page's payment id from the URL: digits only, within the database's integer range. */
export function paymentIdOf(param: string | undefined): number | null {
  const digits = toLatinDigits(param ?? '');
  if (!/^\d{1,10}$/.test(digits)) return null;
  const id = Number(digits);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}
