/**
 * Commerce's public module: what another room may import (decision record 0036). A product kind's
 * module declares itself with productKind (registered in src/server/product-kinds.ts) and may read
 * the payment it is called for, a package's price, and grant or book through commerce's own verbs.
 */
export { addMonths, extendSubscription, lockAccount } from './entitlements';
export { productKind, type ProductKind } from './kinds';
export { paymentAccounts, transfer, type Tx } from './ledger';
export type { PaymentRow } from './payment-records';
export { packageLine } from './receipt-lines';
export { activePackage } from './subscription-kind';

// What other rooms use (decision record 0038).
export { grantTitle, issueTicket } from './entitlements';
export { priceIn, withVat } from './money';
export { hasVideo } from './offers';
export { joined, type Joined, lockPayment, ownPayments, toPayment } from './payment-records';
export { type RefundRow, refundsAllowed, refundsOf, refundWholeLocked, reversibleAt } from './refunds';
