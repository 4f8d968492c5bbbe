import { asc, eq, ne, type SQL } from 'drizzle-orm';
import {
  INBOX_PAGE_SIZE,
  type ContactInbox,
  type ContactItem,
  type InboxUpdate,
  type ReportInbox,
  type ReportItem,
} from '../../shared/staff-inboxes';
import type { InboxStatus } from '../../shared/staff-constants';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { contactMessages, playerReports, products } from '../db/schema';
import { notFound } from '../errors';
import { recordAudit } from '../core/audit';

type ContactRow = typeof contactMessages.$inferSelect;
type ReportRow = typeof playerReports.$inferSelect;

const handling = (row: ContactRow | ReportRow) => ({
  status: row.status,
  note: row.staffNote,
  handled_at: row.handledAt?.toISOString() ?? null,
  created_at: row.createdAt.toISOString(),
});

function toContactItem(row: ContactRow): ContactItem {
  return {
    id: row.id,
    full_name: row.fullName,
    phone: row.phone,
    email: row.email,
    subject: row.subject,
    message: row.message,
    locale: row.locale,
    ...handling(row),
  };
}

function toReportItem(row: ReportRow, title: { titleFa: string; titleEn: string }): ReportItem {
  return {
    id: row.id,
    product_id: row.productId,
    product_title: title.titleFa,
    en_product_title: title.titleEn,
    episode_id: row.episodeId,
    user_id: row.userId,
    position_seconds: row.positionSeconds,
    problem: row.problem,
    description: row.description,
    browser: row.browser,
    streaming_ip: row.streamingIp,
    effective_type: row.effectiveType,
    downlink: row.downlink,
    ...handling(row),
  };
}

/** One status, or everything not done yet when none is asked for. */
function statusFilter(
  column: typeof contactMessages.status | typeof playerReports.status,
  status?: InboxStatus,
) {
  return status ? eq(column, status) : ne(column, 'done');
}

function paged<T>(rows: T[], page: number) {
  return { items: rows.slice(0, INBOX_PAGE_SIZE), page, has_more: rows.length > INBOX_PAGE_SIZE };
}

/** GET /staff/inbox/contact: oldest first, so the longest-waiting message is answered first. */
export async function contactInbox(
  db: Db,
  status: InboxStatus | undefined,
  page: number,
): Promise<ContactInbox> {
  const rows = await db
    .select()
    .from(contactMessages)
    .where(statusFilter(contactMessages.status, status))
    .orderBy(asc(contactMessages.createdAt), asc(contactMessages.id))
    .limit(INBOX_PAGE_SIZE + 1)
    .offset((page - 1) * INBOX_PAGE_SIZE);
  const { items, ...rest } = paged(rows, page);
  return { items: items.map(toContactItem), ...rest };
}

async function reports(db: Db, where: SQL | undefined, page: number) {
  const rows = await db
    .select({ report: playerReports, titleFa: products.titleFa, titleEn: products.titleEn })
    .from(playerReports)
    .innerJoin(products, eq(products.id, playerReports.productId))
    .where(where)
    .orderBy(asc(playerReports.createdAt), asc(playerReports.id))
    .limit(INBOX_PAGE_SIZE + 1)
    .offset((page - 1) * INBOX_PAGE_SIZE);
  return rows.map(({ report, ...title }) => toReportItem(report, title));
}

/** GET /staff/inbox/player-reports: oldest first, with the title's names. */
export async function reportInbox(
  db: Db,
  status: InboxStatus | undefined,
  page: number,
): Promise<ReportInbox> {
  return paged(await reports(db, statusFilter(playerReports.status, status), page), page);
}

/** What a change writes: the fields given, and when it was handled. */
function changeOf(update: InboxUpdate, now: Date) {
  return {
    ...(update.status === undefined ? {} : { status: update.status }),
    ...(update.note === undefined ? {} : { staffNote: update.note }),
    handledAt: now,
  };
}

/** What the audit log keeps of an item's handling, before and after a change. */
const auditView = (row: { status: InboxStatus; staffNote: string }) => ({
  status: row.status,
  note: row.staffNote,
});

/** POST /staff/inbox/contact/{id}: status and/or note, audited as contact.update. */
export async function updateContactItem(
  ctx: AppContext,
  staffId: number,
  id: number,
  update: InboxUpdate,
): Promise<ContactItem> {
  return ctx.database.db.transaction(async (tx) => {
    const [before] = await tx.select().from(contactMessages).where(eq(contactMessages.id, id)).for('update');
    if (!before) throw notFound('inbox_item_not_found');
    const [after] = await tx
      .update(contactMessages)
      .set(changeOf(update, ctx.clock.now()))
      .where(eq(contactMessages.id, id))
      .returning();
    if (!after) throw notFound('inbox_item_not_found');
    const item = toContactItem(after);
    await recordAudit(tx, {
      actorId: staffId,
      action: 'contact.update',
      targetType: 'contact_message',
      targetId: id,
      before: auditView(before),
      after: auditView(after),
    });
    return item;
  });
}

/** POST /staff/inbox/player-reports/{id}: status and/or note, audited as player_report.update. */
export async function updateReportItem(
  ctx: AppContext,
  staffId: number,
  id: number,
  update: InboxUpdate,
): Promise<ReportItem> {
  return ctx.database.db.transaction(async (tx) => {
    const [before] = await tx.select().from(playerReports).where(eq(playerReports.id, id)).for('update');
    if (!before) throw notFound('inbox_item_not_found');
    const [after] = await tx
      .update(playerReports)
      .set(changeOf(update, ctx.clock.now()))
      .where(eq(playerReports.id, id))
      .returning();
    const [item] = await reports(tx, eq(playerReports.id, id), 1);
    if (!after || !item) throw notFound('inbox_item_not_found');
    await recordAudit(tx, {
      actorId: staffId,
      action: 'player_report.update',
      targetType: 'player_report',
      targetId: id,
      before: auditView(before),
      after: auditView(after),
    });
    return item;
  });
}
