import { desc, eq, ilike, inArray } from 'drizzle-orm';
import type {
  DiscountCreate,
  DiscountUpdate,
  DiscountUses,
  StaffDiscount,
  StaffDiscounts,
} from '../../shared/staff-payments';
import { STAFF_DISCOUNTS_PAGE_SIZE } from '../../shared/staff-payments-constants';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { discountCodes, discountRedemptions, payments, products, users } from '../db/schema';
import { DomainError, invalidFields, notFound } from '../errors';
import { recordAudit } from '../core/audit';
import { staffViewer } from './payments';

/**
 * The console's Discount codes section (issue 17): finance creates codes, limits and pauses them, and
 * sees who used them. Purchases judge codes in src/server/commerce/discounts.ts; a paused code is
 * refused there like an unknown one, and a limit is checked under the code's lock, so changing one
 * here locks the same row and never lets a race pass it.
 */

type CodeRow = typeof discountCodes.$inferSelect;

function view(row: CodeRow): StaffDiscount {
  return {
    id: row.id,
    code: row.code,
    kind: row.kind,
    percent: row.percent,
    amount_irr: row.amountIrr,
    amount_usd: row.amountUsd,
    valid_from: row.validFrom?.toISOString() ?? null,
    valid_until: row.validUntil?.toISOString() ?? null,
    max_uses: row.maxUses,
    max_uses_per_user: row.maxUsesPerUser,
    used_count: row.usedCount,
    payment_types: row.paymentTypes,
    product_ids: row.productIds,
    active: row.active,
    created_at: row.createdAt.toISOString(),
  };
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** GET /staff/discounts: the newest codes first, optionally those whose code contains `q`. */
export async function listDiscounts(db: Db, q: string | undefined, page: number): Promise<StaffDiscounts> {
  const rows = await db
    .select()
    .from(discountCodes)
    .where(q ? ilike(discountCodes.code, `%${escapeLike(q)}%`) : undefined)
    .orderBy(desc(discountCodes.id))
    .limit(STAFF_DISCOUNTS_PAGE_SIZE + 1)
    .offset((page - 1) * STAFF_DISCOUNTS_PAGE_SIZE);
  return {
    codes: rows.slice(0, STAFF_DISCOUNTS_PAGE_SIZE).map(view),
    page,
    has_more: rows.length > STAFF_DISCOUNTS_PAGE_SIZE,
  };
}

function checkWindow(from: Date | null, until: Date | null): void {
  if (from && until && until <= from) throw invalidFields({ valid_until: 'discount_window_invalid' });
}

const at = (text: string | null | undefined) => (text ? new Date(text) : null);

/** POST /staff/discounts: a new code, 409 when the code exists. */
export async function createDiscount(
  ctx: AppContext,
  actorId: number,
  input: DiscountCreate,
): Promise<StaffDiscount> {
  const percent = input.kind === 'percent' ? (input.percent ?? null) : null;
  const amountIrr = input.kind === 'fixed' ? (input.amount_irr ?? null) : null;
  const amountUsd = input.kind === 'fixed' ? (input.amount_usd ?? null) : null;
  if (input.kind === 'percent' && percent === null) throw invalidFields({ percent: 'required' });
  if (input.kind === 'fixed' && amountIrr === null && amountUsd === null) {
    throw invalidFields({ amount_irr: 'discount_amount_required' });
  }
  const validFrom = at(input.valid_from);
  const validUntil = at(input.valid_until);
  checkWindow(validFrom, validUntil);
  const productIds = [...new Set(input.product_ids ?? [])];
  return ctx.database.db.transaction(async (tx) => {
    if (productIds.length > 0) {
      const found = await tx
        .select({ id: products.id })
        .from(products)
        .where(inArray(products.id, productIds));
      if (found.length !== productIds.length)
        throw invalidFields({ product_ids: 'discount_unknown_product' });
    }
    const [row] = await tx
      .insert(discountCodes)
      .values({
        code: input.code,
        kind: input.kind,
        percent,
        amountIrr,
        amountUsd,
        validFrom,
        validUntil,
        maxUses: input.max_uses ?? null,
        maxUsesPerUser: input.max_uses_per_user ?? null,
        paymentTypes: [...new Set(input.payment_types ?? [])],
        productIds,
        createdAt: ctx.clock.now(),
      })
      .onConflictDoNothing()
      .returning();
    if (!row)
      throw new DomainError('conflict', undefined, { fields: { code: [{ key: 'discount_code_taken' }] } });
    const created = view(row);
    await recordAudit(tx, {
      actorId,
      action: 'discount.create',
      targetType: 'discount',
      targetId: row.id,
      before: null,
      after: created,
    });
    return created;
  });
}

/**
 * PATCH /staff/discounts/{id}: pause or resume, move the window, change the limits. A limit below the
 * uses already counted is refused (they were given; a limit cannot take them back).
 */
export async function updateDiscount(
  ctx: AppContext,
  actorId: number,
  id: number,
  change: DiscountUpdate,
): Promise<StaffDiscount> {
  return ctx.database.db.transaction(async (tx) => {
    const [row] = await tx.select().from(discountCodes).where(eq(discountCodes.id, id)).for('update');
    if (!row) throw notFound('not_found');
    const next = {
      active: change.active ?? row.active,
      validFrom: change.valid_from === undefined ? row.validFrom : at(change.valid_from),
      validUntil: change.valid_until === undefined ? row.validUntil : at(change.valid_until),
      maxUses: change.max_uses === undefined ? row.maxUses : change.max_uses,
      maxUsesPerUser: change.max_uses_per_user === undefined ? row.maxUsesPerUser : change.max_uses_per_user,
    };
    checkWindow(next.validFrom, next.validUntil);
    if (next.maxUses !== null && next.maxUses < row.usedCount) {
      throw new DomainError('validation', undefined, {
        fields: { max_uses: [{ key: 'discount_limit_below_uses', params: { count: row.usedCount } }] },
      });
    }
    const [updated] = await tx.update(discountCodes).set(next).where(eq(discountCodes.id, id)).returning();
    const before = view(row);
    const after = view(updated!);
    await recordAudit(tx, {
      actorId,
      action:
        change.active !== undefined && change.active !== row.active
          ? change.active
            ? 'discount.resume'
            : 'discount.pause'
          : 'discount.update',
      targetType: 'discount',
      targetId: id,
      before,
      after,
    });
    return after;
  });
}

/** GET /staff/discounts/{id}/uses: every redemption, newest first, with its viewer and payment. */
export async function discountUses(db: Db, id: number, page: number): Promise<DiscountUses> {
  const [code] = await db
    .select({ id: discountCodes.id })
    .from(discountCodes)
    .where(eq(discountCodes.id, id));
  if (!code) throw notFound('not_found');
  const rows = await db
    .select({ redemption: discountRedemptions, payment: payments, user: users })
    .from(discountRedemptions)
    .innerJoin(payments, eq(payments.id, discountRedemptions.paymentId))
    .innerJoin(users, eq(users.id, discountRedemptions.userId))
    .where(eq(discountRedemptions.discountCodeId, id))
    .orderBy(desc(discountRedemptions.id))
    .limit(STAFF_DISCOUNTS_PAGE_SIZE + 1)
    .offset((page - 1) * STAFF_DISCOUNTS_PAGE_SIZE);
  return {
    uses: rows.slice(0, STAFF_DISCOUNTS_PAGE_SIZE).map(({ redemption, payment, user }) => ({
      payment_id: payment.id,
      status: redemption.status,
      viewer: staffViewer(user),
      currency: payment.currency,
      discount: payment.discount,
      at: redemption.createdAt.toISOString(),
    })),
    page,
    has_more: rows.length > STAFF_DISCOUNTS_PAGE_SIZE,
  };
}
