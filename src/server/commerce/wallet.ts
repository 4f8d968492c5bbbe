import type { Wallet } from '../../shared/commerce';
import type { Db } from '../db/client';
import { walletBalances, walletTransfers } from './ledger';

const ENTRIES = 50;

/**
 * GET /me/wallet: balances and the wallet's lines, newest first, as the viewer reads them: money in
 * (charge, credit), money out (spend), and holds while their payment waits at the gateway. A hold that
 * ended shows as the spend it became, or not at all when it was released.
 */
export async function walletOf(db: Db, userId: number): Promise<Wallet> {
  const balances = await walletBalances(db, userId);
  const { ids, rows } = await walletTransfers(db, userId, ENTRIES * 2);
  const resolved = new Set(rows.map((row) => row.pendingId).filter((id): id is number => id !== null));
  const entries: Wallet['entries'] = [];
  for (const row of rows) {
    if (row.phase === 'void' || (row.phase === 'pending' && resolved.has(row.id))) continue;
    const outgoing = ids.includes(row.debitAccountId);
    const kind =
      row.phase === 'pending'
        ? 'hold'
        : outgoing
          ? 'spend'
          : row.kind === 'wallet_charge'
            ? 'charge'
            : 'credit';
    entries.push({
      id: row.id,
      at: row.createdAt.toISOString(),
      currency: row.currency,
      amount: outgoing ? -row.amount : row.amount,
      kind,
      payment_id: row.paymentId,
      pending: row.phase === 'pending',
    });
  }
  return { balances, entries: entries.slice(0, ENTRIES) };
}
