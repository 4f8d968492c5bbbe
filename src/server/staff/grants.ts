import { eq } from 'drizzle-orm';
import type { GrantRequest } from '../../shared/playback';
import { extendSubscription, grantTitle, issueTicket, lockAccount } from '../commerce';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { products, type GrantSource } from '../db/schema';
import { DomainError, invalidFields, notFound } from '../errors';
import { accountByUserName } from '../users';
import { recordAudit } from '../core/audit';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface Granted {
  type: GrantRequest['type'];
  id: number;
  code?: string;
  ends_at?: string;
}

async function userIdOf(db: Db, userName: string): Promise<number> {
  return (await accountByUserName(db, userName)).id;
}

/**
 * Writes one entitlement (a subscription, a bought title, a ticket) through the entitlements payments
 * use, so granted days come after a running subscription as bought months do; used by the staff API
 * (scripts/grant.mjs) with source `script`. Call inside a transaction: the account stays locked until
 * it ends, so two grants at once add up.
 */
export async function writeGrant(
  db: Db,
  request: GrantRequest,
  now: Date,
  source: GrantSource,
): Promise<Granted> {
  if (request.type === 'subscription') {
    const userId = await userIdOf(db, request.user_name);
    await lockAccount(db, userId);
    const { id, endsAt } = await extendSubscription(db, {
      userId,
      plan: request.plan,
      until: (start) => new Date(start.getTime() + request.days * DAY_MS),
      source,
      now,
    });
    return { type: 'subscription', id, ends_at: endsAt.toISOString() };
  }
  const [product] = await db
    .select({ id: products.id, kind: products.kind })
    .from(products)
    .where(eq(products.id, request.product_id));
  if (!product) throw notFound('product_not_found');
  if (request.type === 'title') {
    const userId = await userIdOf(db, request.user_name);
    const id = await grantTitle(db, { userId, productId: product.id, source, now });
    return { type: 'title', id };
  }
  if (product.kind !== 'festival' && product.kind !== 'screening') {
    throw invalidFields({ product_id: 'invalid_value' });
  }
  const ticket = await issueTicket(db, {
    productId: product.id,
    kind: product.kind === 'screening' ? 'live' : 'festival',
    ownerUserId: request.user_name ? await userIdOf(db, request.user_name) : null,
    validUntil: request.valid_until ? new Date(request.valid_until) : null,
    ...(request.code ? { code: request.code } : {}),
    source,
    now,
  });
  if (!ticket) throw new DomainError('conflict');
  return { type: 'ticket', id: ticket.id, code: ticket.code };
}

/** POST /staff/grants: the grant and its audit entry (grant.create) in one transaction. */
export function grantAccess(ctx: AppContext, staffId: number, request: GrantRequest): Promise<Granted> {
  return ctx.database.db.transaction(async (tx) => {
    const granted = await writeGrant(tx, request, ctx.clock.now(), 'script');
    await recordAudit(tx, {
      actorId: staffId,
      action: 'grant.create',
      targetType: granted.type,
      targetId: granted.id,
      before: null,
      after: { request, granted },
    });
    return granted;
  });
}
