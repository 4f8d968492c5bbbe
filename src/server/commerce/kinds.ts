import type { Currency, PaymentType, QuoteRequest } from '../../shared/commerce';
import type { ReceiptLine } from '../../shared/receipts';
import type { AppContext } from '../context';
import type { DbTransaction } from '../db/client';
import type { Tx } from './ledger';
import type { PaymentRow } from './payment-records';

/**
 * What commerce knows of the things it sells (decision record 0036): each product kind (titles,
 * subscriptions, gift cards, shop orders, cafe seats) is one object of this interface, written in the
 * kind's own module and registered when the application context is composed (src/server/product-kinds.ts).
 * Commerce owns the payment, its locks, the ledger, discounts, the wallet and refunds, and calls a kind
 * only at these steps, always inside its own transactions and in its lock order (payment, account,
 * discount code, the kind's rows, ledger accounts by id), so every purchase is fulfilled exactly once
 * whatever the kind. A wallet top-up is commerce's own and is no product kind.
 */

/** Who is buying, and where from, as a kind prices an offer for them. */
export interface Buying {
  userId: number;
  clientAddress: string;
  /** The buyer's country by address (null when unknown). */
  country: string | null;
  currency: Currency;
}

/** Request fields that belong to one kind: `seats` (cafe seats), `gift` (gift_to and gift_message). */
export type KindField = 'seats' | 'gift';

/** An offer priced by its kind: what commerce writes on the payment, and what the kind will reserve. */
export interface Offer<Hold = unknown> {
  price: number;
  /** Whether VAT is added (every product kind today). */
  taxable: boolean;
  productId: number | null;
  packageId: number | null;
  /** What `reserve` keeps for the payment (goods, seats, a gift's recipient); null for nothing. */
  hold: Hold | null;
}

/** Why a paid payment could not be delivered: its money goes back (to the card, else the wallet). */
export type Undelivered = 'payment_credited_withdrawn' | 'payment_credited_owned';

export type Delivery =
  { ok: true; ticketCode?: string; subscriptionEndsAt?: Date } | { ok: false; note: Undelivered };

export interface ProductKind<Hold = unknown> {
  /** The payment types this kind sells; each type belongs to one kind. */
  readonly types: readonly PaymentType[];
  /** Whether the request names no item_id (a shop order buys the account's cart). */
  readonly itemless?: boolean;
  /** Request fields only this kind reads; other kinds refuse them (not_for_this_type). */
  readonly fields?: readonly KindField[];
  /**
   * What the request costs in the buyer's currency, or the DomainError saying why it cannot be bought
   * (including what the buyer already holds). Asked for the quote and again as the payment starts.
   */
  price(ctx: AppContext, request: QuoteRequest, buying: Buying): Promise<Offer<Hold>>;
  /**
   * In the payment's first transaction, after its discount code and before ledger accounts: holds what
   * the offer needs, with the availability checked in the statement that takes it (409 when gone).
   */
  reserve?(tx: DbTransaction, payment: PaymentRow, hold: Hold): Promise<void>;
  /** The payment ended unpaid (cancelled, failed, expired): gives back what `reserve` held, once. */
  release?(tx: DbTransaction, payment: PaymentRow): Promise<void>;
  /**
   * In fulfilment's transaction, with the payment and the account locked: hands over what was bought.
   * Called once per payment (the status change shares the transaction); `ok: false` when it can no
   * longer be delivered, and the money goes back.
   */
  deliver(tx: DbTransaction, ctx: AppContext, payment: PaymentRow, now: Date): Promise<Delivery>;
  /**
   * The receipt's lines of a paid payment of this kind (decision record 0042), in the payment's currency:
   * what the kind sold, read from what it kept of the sale (its product, package, checkout lines or
   * seats). Their amounts add up to the payment's price; discount and VAT are the payment's own.
   */
  describe(db: Tx, payment: PaymentRow): Promise<ReceiptLine[]>;
  /** After fulfilment committed: what is sent rather than booked (a gift card's notice). */
  afterDelivery?(ctx: AppContext, payment: PaymentRow): Promise<void>;
  /** Reconciliation's part: afterDelivery work a stopped server left undone. */
  reconcile?(ctx: AppContext): Promise<void>;
  /** Where the sale's money is owed until earned: gift cards are a liability until redeemed. */
  readonly earnedOn?: 'sales' | 'gifts';
  /** Finance's refunds from the console; a kind without them refunds its own way or not at all. */
  readonly refunds?: {
    /** Only the whole total at once (cafe seats: the seats are voided with the money). */
    readonly wholeOnly?: boolean;
    /** Whether the gateway part may go back to the card (a reversal the gateway may still refuse). */
    readonly toCard: boolean;
    /**
     * In the refund's transaction, after the payment and the account are locked and before the ledger:
     * takes back what was delivered (DomainError when it cannot be); what it did, for the audit log.
     */
    undo?(tx: DbTransaction, payment: PaymentRow): Promise<Record<string, unknown>>;
  };
}

/** Declares a kind; its reserve's hold type is checked here and erased in the registry. */
export function productKind<Hold>(kind: ProductKind<Hold>): ProductKind {
  return kind as ProductKind;
}

/** The kinds the application sells, by payment type. */
export interface ProductKinds {
  /**
   * The kind that sells `type`: null for a wallet top-up (commerce's own); throws for a type no kind
   * registered (a composition mistake).
   */
  of(type: PaymentType): ProductKind | null;
  /** Every registered kind, in registration order. */
  all(): readonly ProductKind[];
}

export function productKinds(kinds: readonly ProductKind[]): ProductKinds {
  const byType = new Map<PaymentType, ProductKind>();
  for (const kind of kinds) {
    for (const type of kind.types) {
      if (byType.has(type)) throw new Error(`payment type ${type} is registered by two product kinds`);
      byType.set(type, kind);
    }
  }
  return {
    of(type) {
      if (type === 'CHARGE_WALLET') return null;
      const kind = byType.get(type);
      if (!kind) throw new Error(`no product kind sells payment type ${type}`);
      return kind;
    },
    all: () => kinds,
  };
}
