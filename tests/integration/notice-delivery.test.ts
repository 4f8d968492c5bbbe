import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CreatedPayment } from '~/shared/commerce';
import type { AppContext } from '~/server/context';
import { noticesHandled } from '~/server/core/metrics';
import { notices, users } from '~/server/db/schema';
import { createNotifier } from '~/server/notify/notifier';
import { deliverDueNotices, MAX_ATTEMPTS, retryDelayMs } from '~/server/notify/queue';
import { queueDueReminders } from '~/server/screenings/reminders';
import { startFakeKavenegar, type FakeKavenegar } from '../fixtures/fake-kavenegar';
import { startFakeSmtp, type FakeSmtp } from '../fixtures/fake-smtp';
import { startAccountsApp, type AccountsApp } from './accounts';
import { atBank, newViewer, pricedTitle, returnFromBank, type Viewer } from './commerce-fixtures';
import { databaseUnderTest } from './harness';
import { en, insertTitle } from './playback-fixtures';

/**
 * Notices that must not be lost (decision record 0049): a reminder or a receipt e-mail that its
 * provider refuses (an HTTP 502, an out-of-credit answer, a mail server that hangs and then refuses)
 * reaches the person on a later attempt, once; two instances delivering at the same moment send each
 * once; a payment's result does not wait for the mail server.
 */

let app: AccountsApp;
let kavenegar: FakeKavenegar;
let smtp: FakeSmtp;
beforeAll(async () => {
  kavenegar = await startFakeKavenegar('notice-key', 'cinema-verify');
  smtp = await startFakeSmtp();
  // Codes go to the outbox file (no SMS provider: the sign-ups read them there); e-mail through SMTP.
  app = await startAccountsApp({
    SCREENING_REMINDER_MINUTES: '30',
    SMTP_URL: `smtp://mailer:mail-secret@127.0.0.1:${smtp.port}`,
    MAIL_FROM: 'Cinemakhaneh <no-reply@cinema.example>',
  });
});
afterAll(async () => {
  await app?.close();
  smtp?.release();
  await smtp?.close();
  await kavenegar?.close();
});

/** An instance whose SMS goes through Kavenegar's sms/send from a line (its configuration, not a mock). */
function withSms(ctx: AppContext): AppContext {
  const kavenegarConfig = { apiKey: 'notice-key', template: 'cinema-verify', baseUrl: kavenegar.baseUrl };
  return {
    ...ctx,
    notifier: createNotifier({ ...ctx.config, kavenegar: { ...kavenegarConfig, sender: '10004346' } }),
  };
}

let phones = 0;
async function remindedViewer(screening: number): Promise<{ phone: string; userId: number }> {
  const phone = `0937${String(3_000_000 + ++phones).padStart(7, '0')}`;
  const { token, me } = await app.signUp(phone);
  const asked = await app.as(token, `/screenings/${screening}/reminder`, { method: 'PUT', headers: en });
  expect(asked.status).toBe(200);
  return { phone, userId: me.id };
}

function screeningIn(minutes: number): Promise<number> {
  const startsAt = new Date(app.clock.now().getTime() + minutes * 60_000);
  return insertTitle(app, {
    kind: 'screening',
    startsAt,
    endsAt: new Date(startsAt.getTime() + 2 * 3600_000),
  });
}

const textsTo = (phone: string) => kavenegar.texts.filter((text) => text.receptor === phone);

async function reminderRow(screening: number, userId: number) {
  return app.ctx.database.db
    .select()
    .from(notices)
    .where(
      and(eq(notices.kind, 'screening_reminder'), eq(notices.refId, screening), eq(notices.userId, userId)),
    );
}

async function counted(kind: string, outcome: string): Promise<number> {
  const { values } = await noticesHandled.get();
  return values.find((v) => v.labels.kind === kind && v.labels.outcome === outcome)?.value ?? 0;
}

describe(`screening reminders through a failing SMS provider on ${databaseUnderTest}`, () => {
  it('are sent on the retry after the provider failed, once, and counted', async () => {
    const screening = await screeningIn(20);
    const { phone, userId } = await remindedViewer(screening);
    const sender = withSms(app.ctx);
    const failedBefore = await counted('screening_reminder', 'failed');
    kavenegar.failWith(502);
    try {
      expect(await queueDueReminders(app.ctx)).toBeGreaterThanOrEqual(1);
      expect(await deliverDueNotices(sender)).toBe(0);
    } finally {
      kavenegar.failWith(undefined);
    }
    expect(textsTo(phone)).toEqual([]);
    const [failed] = await reminderRow(screening, userId);
    expect(failed).toMatchObject({ attempts: 1, doneAt: null, outcome: null });
    expect(failed!.lastError).toContain('HTTP 502');
    expect(await counted('screening_reminder', 'failed')).toBe(failedBefore + 1);

    // Not before its backoff; queueing again keeps the one notice.
    expect(await queueDueReminders(app.ctx)).toBe(0);
    await deliverDueNotices(sender);
    expect(textsTo(phone)).toEqual([]);
    app.clock.advance(31);
    expect(await deliverDueNotices(sender)).toBeGreaterThanOrEqual(1);
    expect(textsTo(phone)).toHaveLength(1);
    expect(textsTo(phone)[0]!.message).toContain(`/en/lives/${screening}`);

    // Later sweeps and deliveries send nothing more.
    app.clock.advance(120);
    await queueDueReminders(app.ctx);
    await deliverDueNotices(sender);
    expect(textsTo(phone)).toHaveLength(1);
    const rows = await reminderRow(screening, userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ attempts: 2, outcome: 'sent', claimedUntil: null });
  });

  it('stop being tried once the screening has started', async () => {
    const screening = await screeningIn(10);
    const { phone, userId } = await remindedViewer(screening);
    const sender = withSms(app.ctx);
    // Out of credit: Kavenegar's own refusal (418 in the answer's body).
    kavenegar.failWith(418);
    try {
      await queueDueReminders(app.ctx);
      await deliverDueNotices(sender);
    } finally {
      kavenegar.failWith(undefined);
    }
    app.clock.advance(11 * 60);
    await deliverDueNotices(sender);
    expect(textsTo(phone)).toEqual([]);
    expect((await reminderRow(screening, userId))[0]).toMatchObject({ attempts: 2, outcome: 'dropped' });
  });

  it('are sent once each when two instances deliver at the same moment', async () => {
    const screening = await screeningIn(25);
    const viewers = [];
    for (let i = 0; i < 6; i += 1) viewers.push(await remindedViewer(screening));
    const sibling = await app.startSibling();
    try {
      await Promise.all([queueDueReminders(app.ctx), queueDueReminders(sibling.ctx)]);
      const [a, b] = await Promise.all([
        deliverDueNotices(withSms(app.ctx)),
        deliverDueNotices(withSms(sibling.ctx)),
      ]);
      expect(a + b).toBe(viewers.length);
      await Promise.all([deliverDueNotices(withSms(app.ctx)), deliverDueNotices(withSms(sibling.ctx))]);
    } finally {
      await sibling.close();
    }
    for (const { phone, userId } of viewers) {
      expect(textsTo(phone)).toHaveLength(1);
      expect((await reminderRow(screening, userId))[0]).toMatchObject({ attempts: 1, outcome: 'sent' });
    }
  });
});

describe(`the receipt e-mail through a hanging mail server on ${databaseUnderTest}`, () => {
  let buyers = 0;
  /** A buyer with an e-mail address whose title purchase waits at the bank. */
  async function startedPayment(): Promise<{ created: CreatedPayment; email: string; viewer: Viewer }> {
    const viewer = await newViewer(app);
    const email = `buyer-${++buyers}-${Date.now()}@example.com`;
    await app.ctx.database.db.update(users).set({ email }).where(eq(users.id, viewer.userId));
    const film = await pricedTitle(app);
    const res = await viewer.start({ type: 'BUY_MOVIE', item_id: film, gateway: 'sandbox' });
    expect(res.status).toBe(201);
    return { created: (await res.json()) as CreatedPayment, email, viewer };
  }

  async function receiptRow(id: number) {
    const [row] = await app.ctx.database.db
      .select()
      .from(notices)
      .where(and(eq(notices.kind, 'receipt_mail'), eq(notices.refId, id)));
    return row;
  }

  it('does not hold up the payment result, and arrives once on a later attempt', async () => {
    const { created, email, viewer } = await startedPayment();
    const id = created.payment.id;

    smtp.hold();
    const callback = await atBank(app, created, 'pay');
    let timer: NodeJS.Timeout | undefined;
    const result = await Promise.race([
      returnFromBank(app, callback),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('the payment result waited for the mail server')), 5_000);
      }),
    ]).finally(() => clearTimeout(timer));
    expect(result).toContain(String(id));
    expect((await viewer.payment(id)).status).toBe('fulfilled');
    const mailsTo = () => smtp.mails.filter((mail) => mail.to.includes(email));

    // The first attempt hangs at the mail server, which then refuses for now (451).
    const attempt = deliverDueNotices(app.ctx);
    await vi.waitFor(() => expect(smtp.held()).toBe(1), { timeout: 10_000 });
    smtp.release({ code: 451, message: 'Try again later' });
    expect(await attempt).toBe(0);
    expect(mailsTo()).toEqual([]);
    expect(await receiptRow(id)).toMatchObject({ attempts: 1, outcome: null });

    app.clock.advance(31);
    expect(await deliverDueNotices(app.ctx)).toBe(1);
    app.clock.advance(3600);
    await deliverDueNotices(app.ctx);
    expect(mailsTo()).toHaveLength(1);
    expect(mailsTo()[0]!.data).toContain(`receipt-${id}.pdf`);
    expect(mailsTo()[0]!.data).toContain('application/pdf');
  });

  it('is given up after a bounded number of attempts, the wait doubling, and counted', async () => {
    const { created, email } = await startedPayment();
    const id = created.payment.id;
    await returnFromBank(app, await atBank(app, created, 'pay'));
    const gaveUpBefore = await counted('receipt_mail', 'gave_up');
    smtp.refuse({ code: 550, message: 'Mailbox unavailable' });
    try {
      for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
        await deliverDueNotices(app.ctx);
        const row = await receiptRow(id);
        expect(row?.attempts).toBe(attempt);
        if (attempt === MAX_ATTEMPTS) break;
        // Due again only after its backoff: a second early is too early.
        const wait = retryDelayMs(attempt);
        expect(row!.dueAt.getTime() - app.clock.now().getTime()).toBe(wait);
        app.clock.advance(wait / 1000 - 1);
        await deliverDueNotices(app.ctx);
        expect((await receiptRow(id))?.attempts).toBe(attempt);
        app.clock.advance(1);
      }
    } finally {
      smtp.refuse(undefined);
    }
    const row = await receiptRow(id);
    expect(row).toMatchObject({ attempts: MAX_ATTEMPTS, outcome: 'gave_up' });
    expect(row!.lastError).toContain('550 Mailbox unavailable');
    expect(await counted('receipt_mail', 'gave_up')).toBe(gaveUpBefore + 1);
    app.clock.advance(24 * 3600);
    await deliverDueNotices(app.ctx);
    expect(smtp.mails.filter((mail) => mail.to.includes(email))).toEqual([]);
  });
});
