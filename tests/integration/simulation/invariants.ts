import { sql, type SQL } from 'drizzle-orm';
import { lapseIfLate } from '~/server/commerce/gateways/fakes/kit';
import type { AppContext } from '~/server/context';
import type { Run, Sim } from './world';

/**
 * The rules of the books (decision record 0040), checked with SQL over the real tables after every run.
 * Rules about one payment look at the run's own payments (its buyers are its own); rules about the
 * whole ledger (debits equal credits, each account's sums equal its transfers) compare with what they
 * were before the run, so a run is judged by what it did and a failing one replays on its own.
 */

/** Rows of a raw query on either driver (PGlite answers `{ rows }`, postgres.js an array). */
async function rows(ctx: AppContext, query: SQL): Promise<Record<string, unknown>[]> {
  const result = (await ctx.database.db.execute(query)) as unknown;
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<string, unknown>[];
}

const list = (ids: number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** The Zarinpal fake lets money it was never asked to verify go back to the card after 20 minutes. */
const VERIFY_WITHIN_MINUTES = 20;

interface Sums {
  debitsPosted: bigint;
  creditsPosted: bigint;
  debitsPending: bigint;
  creditsPending: bigint;
}

/**
 * Every account's four sums as its transfers add them up, kept from one run to the next: each check
 * reads only the transfers written since the last one.
 */
export class LedgerReplay {
  private sums = new Map<number, Sums>();
  private pending = new Map<number, { debit: number; credit: number; amount: bigint }>();
  private lastTransfer = 0;
  /** stored − replayed per account and per currency's debits − credits, as the last check left them. */
  private accountDrift = new Map<number, string>();
  private currencyDrift = new Map<string, string>();

  private of(account: number): Sums {
    let sums = this.sums.get(account);
    if (!sums) {
      sums = { debitsPosted: 0n, creditsPosted: 0n, debitsPending: 0n, creditsPending: 0n };
      this.sums.set(account, sums);
    }
    return sums;
  }

  /** Reads the transfers written since the last call; returns the accounts they touched. */
  private async advance(ctx: AppContext): Promise<Set<number>> {
    const fresh = await rows(
      ctx,
      sql`select id, debit_account_id, credit_account_id, amount::text as amount, phase, pending_id
          from ledger_transfers where id > ${this.lastTransfer} order by id`,
    );
    const touched = new Set<number>();
    for (const t of fresh) {
      const id = Number(t['id']);
      const debit = Number(t['debit_account_id']);
      const credit = Number(t['credit_account_id']);
      const amount = BigInt(String(t['amount']));
      touched.add(debit).add(credit);
      const phase = String(t['phase']);
      if (phase === 'pending') {
        this.of(debit).debitsPending += amount;
        this.of(credit).creditsPending += amount;
        this.pending.set(id, { debit, credit, amount });
      } else if (phase === 'posted') {
        this.of(debit).debitsPosted += amount;
        this.of(credit).creditsPosted += amount;
      } else {
        const held = this.pending.get(Number(t['pending_id']));
        if (held) {
          this.of(held.debit).debitsPending -= held.amount;
          this.of(held.credit).creditsPending -= held.amount;
          this.pending.delete(Number(t['pending_id']));
        }
        if (phase === 'post') {
          this.of(debit).debitsPosted += amount;
          this.of(credit).creditsPosted += amount;
        }
      }
      this.lastTransfer = Math.max(this.lastTransfer, id);
    }
    return touched;
  }

  /** Problems with the ledger as a whole that the run introduced. */
  async check(ctx: AppContext): Promise<string[]> {
    const problems: string[] = [];
    const touched = await this.advance(ctx);
    if (touched.size > 0) {
      const stored = await rows(
        ctx,
        sql`select id, debits_posted::text as dp, credits_posted::text as cp, debits_pending::text as dpe,
                   credits_pending::text as cpe
            from ledger_accounts where id in (${list([...touched])})`,
      );
      for (const account of stored) {
        const id = Number(account['id']);
        const sums = this.of(id);
        const drift = [
          BigInt(String(account['dp'])) - sums.debitsPosted,
          BigInt(String(account['cp'])) - sums.creditsPosted,
          BigInt(String(account['dpe'])) - sums.debitsPending,
          BigInt(String(account['cpe'])) - sums.creditsPending,
        ].join('/');
        if (drift !== (this.accountDrift.get(id) ?? '0/0/0/0')) {
          problems.push(`account ${id}: its sums differ from its transfers by ${drift} (posted/pending)`);
        }
        this.accountDrift.set(id, drift);
      }
    }
    const totals = await rows(
      ctx,
      sql`select currency, (sum(debits_posted) - sum(credits_posted))::text as posted,
                 (sum(debits_pending) - sum(credits_pending))::text as pending
          from ledger_accounts group by currency`,
    );
    for (const total of totals) {
      const currency = String(total['currency']);
      const drift = `${String(total['posted'])}/${String(total['pending'])}`;
      if (drift !== (this.currencyDrift.get(currency) ?? '0/0')) {
        problems.push(`${currency}: debits minus credits is ${drift} (posted/pending)`);
      }
      this.currencyDrift.set(currency, drift);
    }
    return problems;
  }
}

/** Problems with the run's own payments, deliveries, refunds, wallets, seats and goods. */
export async function checkRun(sim: Sim, run: Run): Promise<string[]> {
  const ctx = sim.app.ctx;
  const problems: string[] = [];
  const found = await rows(
    ctx,
    sql`
    select p.id, p.type, p.status, p.total, p.gateway_part, p.gateway, p.gateway_ref,
      p.expires_at <= ${ctx.clock.now().toISOString()}::timestamptz as overdue,
      (select count(*) from payment_events e where e.payment_id = p.id
         and e.to_status in ('fulfilled', 'credited', 'reversed'))::int as endings,
      (select count(*) from ledger_transfers t where t.payment_id = p.id
         and t.kind in ('sale', 'gift_sold', 'wallet_charge') and t.phase = 'posted')::int as sales,
      (select count(*) from ledger_transfers t where t.payment_id = p.id and t.kind = 'gateway_in')::int as ins,
      (select coalesce(sum(amount), 0) from ledger_transfers t where t.payment_id = p.id and t.kind = 'gateway_in')::bigint as paid_in,
      (select coalesce(sum(amount), 0) from ledger_transfers t where t.payment_id = p.id and t.kind = 'gateway_out')::bigint as paid_out,
      (select count(*) from ledger_transfers t where t.payment_id = p.id and t.kind = 'wallet_hold' and t.phase = 'pending'
         and not exists (select 1 from ledger_transfers r where r.pending_id = t.id))::int as open_holds,
      (select count(*) from title_purchases x where x.payment_ref = p.id::text)::int as titles,
      (select count(*) from tickets x where x.payment_ref = p.id::text)::int as tickets,
      (select count(*) from subscriptions x where x.payment_ref = p.id::text)::int as subscriptions,
      (select count(*) from shop_orders x where x.payment_id = p.id)::int as orders,
      (select count(*) from cafe_tickets x where x.payment_id = p.id)::int as seats,
      (select count(*) from gift_cards x where x.payment_id = p.id and x.code_id is not null)::int as cards,
      (select coalesce(sum(amount), 0) from payment_refunds r where r.payment_id = p.id
         and r.status in ('done', 'requested'))::bigint as refunded,
      (select count(*) from payment_refunds r where r.payment_id = p.id and r.method = 'gateway'
         and r.status in ('done', 'requested'))::int as reversals,
      (select coalesce(sum(amount), 0) from payment_refunds r where r.payment_id = p.id and r.method = 'gateway'
         and r.status = 'done')::bigint as reversed,
      (select count(*) from payment_refunds r where r.payment_id = p.id and r.status = 'requested')::int as waiting,
      (select coalesce(sum(case when a.id = t.credit_account_id then t.amount else -t.amount end), 0)
         from ledger_transfers t join ledger_accounts a on a.kind = 'checkout' and a.currency = p.currency
           and a.id in (t.debit_account_id, t.credit_account_id)
        where t.payment_id = p.id and t.phase in ('posted', 'post'))::bigint as in_checkout
    from payments p where p.user_id in (${list(run.userIds)}) order by p.id`,
  );
  for (const p of found) {
    const id = `payment ${String(p['id'])} (${String(p['type'])}, ${String(p['status'])})`;
    const n = (key: string) => Number(p[key]);
    const status = String(p['status']);
    const fulfilled = status === 'fulfilled';
    if (n('endings') > 1) problems.push(`${id}: ended ${n('endings')} times`);
    if (n('sales') !== (fulfilled ? 1 : 0)) problems.push(`${id}: its sale is booked ${n('sales')} times`);
    if (n('ins') > 1) problems.push(`${id}: the gateway's money entered ${n('ins')} times`);
    if (n('paid_out') > n('paid_in')) problems.push(`${id}: more went back to the card than came from it`);
    if (['fulfilled', 'credited', 'reversed'].includes(status) && n('gateway_part') > 0 && n('ins') !== 1) {
      problems.push(`${id}: ended paid with no posted gateway money`);
    }
    // Money goes back to the card by a staff reversal (its refund row) or a fulfilment's reversal.
    const toCard = n('reversed') + (status === 'reversed' ? n('gateway_part') : 0);
    if (n('paid_out') !== toCard) {
      problems.push(`${id}: ${n('paid_out')} went back to the card in the books, ${toCard} by its records`);
    }
    const delivered = {
      titles: n('titles'),
      tickets: n('tickets'),
      subscriptions: n('subscriptions'),
      orders: n('orders'),
      seats: n('seats') > 0 ? 1 : 0,
      cards: n('cards'),
    };
    const deliveries = Object.values(delivered).reduce((sum, count) => sum + count, 0);
    if (deliveries > 0 && !fulfilled) problems.push(`${id}: delivered without being fulfilled`);
    if (deliveries > 1 || n('seats') > 2)
      problems.push(`${id}: delivered more than once ${JSON.stringify(delivered)}`);
    if (fulfilled && deliveries !== 1 && p['type'] !== 'CHARGE_WALLET') {
      problems.push(`${id}: fulfilled but nothing delivered`);
    }
    if (n('refunded') > n('total')) problems.push(`${id}: refunded ${n('refunded')} of ${n('total')}`);
    if (n('reversals') > 1) problems.push(`${id}: reversed to the card ${n('reversals')} times`);
    if (n('waiting') > 0) problems.push(`${id}: a refund still waits for the gateway after the final sweep`);
    if (['started', 'at_gateway', 'verified'].includes(status) && p['overdue'] === true) {
      problems.push(`${id}: still open after its deadline and the final sweep`);
    }
    if (!['started', 'at_gateway', 'verified'].includes(status) && n('open_holds') > 0) {
      problems.push(`${id}: ended with wallet money still held`);
    }
    // The checkout is where a payment's money waits between its steps: once it ended, nothing is left.
    if (!['started', 'at_gateway', 'verified'].includes(status) && n('in_checkout') !== 0) {
      problems.push(`${id}: ended with ${n('in_checkout')} left in the checkout`);
    }
    // What the gateway kept of this payment is what our books say came in and stayed.
    const ref = p['gateway_ref'];
    if (p['gateway'] === 'zarinpal' && typeof ref === 'string') {
      const session = sim.fake.sessions.get(ref);
      if (session) {
        lapseIfLate(session, { now: () => ctx.clock.now() }, VERIFY_WITHIN_MINUTES);
        const kept = ['verified', 'settled', 'paid'].includes(session.status) ? session.amount : 0;
        const booked = n('paid_in') - n('paid_out');
        if (kept !== booked) {
          problems.push(`${id}: the gateway holds ${kept} (${session.status}), our books ${booked}`);
        }
      }
    }
  }

  const wallets = await rows(
    ctx,
    sql`select id, user_id from ledger_accounts where kind = 'wallet' and user_id in (${list(run.userIds)})
        and credits_posted < debits_posted + debits_pending`,
  );
  for (const wallet of wallets) problems.push(`wallet of user ${String(wallet['user_id'])} is below zero`);

  const [cafe] = await rows(
    ctx,
    sql`select s.seats, s.sold, s.reserved,
          (select coalesce(sum(b.seats), 0) from cafe_bookings b where b.session_id = s.id and b.reservation = 'taken')::int as taken,
          (select coalesce(sum(b.seats), 0) from cafe_bookings b where b.session_id = s.id and b.reservation = 'held')::int as held
        from cafe_sessions s where s.id = ${run.cafeSession}`,
  );
  if (cafe) {
    const c = (key: string) => Number(cafe[key]);
    if (c('taken') > c('seats')) problems.push(`cafe session: ${c('taken')} seats sold of ${c('seats')}`);
    if (c('taken') !== c('sold') || c('held') !== c('reserved')) {
      problems.push(
        `cafe session: counts sold ${c('sold')}/reserved ${c('reserved')}, bookings ${c('taken')}/${c('held')}`,
      );
    }
    if (c('held') > 0) problems.push(`cafe session: ${c('held')} seats still held after the final sweep`);
  }

  const [goods] = await rows(
    ctx,
    sql`select v.stock, v.reserved,
          (select coalesce(sum(l.quantity), 0) from shop_checkout_lines l
             join shop_checkouts c on c.payment_id = l.payment_id
             join shop_orders o on o.payment_id = l.payment_id
           where l.variant_id = v.id and c.reservation = 'taken'
             and o.status not in ('Canceled', 'Rejected'))::int as sold
        from shop_variants v where v.id = ${run.variantId}`,
  );
  if (goods) {
    const g = (key: string) => Number(goods[key]);
    if (g('sold') > run.stock) problems.push(`goods: ${g('sold')} sold of ${run.stock}`);
    if (g('stock') + g('sold') !== run.stock) {
      problems.push(`goods: ${g('stock')} on the shelf and ${g('sold')} sold of ${run.stock}`);
    }
    if (g('reserved') !== 0) problems.push(`goods: ${g('reserved')} still reserved after the final sweep`);
  }

  const [code] = await rows(
    ctx,
    sql`select count(*)::int as used from discount_redemptions r join discount_codes d on d.id = r.discount_code_id
        where d.code = ${run.limitedCode} and r.status in ('held', 'used')`,
  );
  if (Number(code?.['used'] ?? 0) > 1)
    problems.push(`code ${run.limitedCode}: used ${String(code?.['used'])} times of 1`);
  const twice = await rows(
    ctx,
    sql`select r.user_id, count(*)::int as used from discount_redemptions r
          join discount_codes d on d.id = r.discount_code_id
        where d.max_uses_per_user = 1 and r.status in ('held', 'used') and r.user_id in (${list(run.userIds)})
        group by r.user_id having count(*) > 1`,
  );
  for (const user of twice) {
    problems.push(
      `user ${String(user['user_id'])}: a once-per-account code used ${String(user['used'])} times`,
    );
  }
  return problems;
}
