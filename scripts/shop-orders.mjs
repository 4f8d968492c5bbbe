#!/usr/bin/env node
// Shop orders from a terminal, beside the staff console's Shop orders page (/admin/orders), through a
// running server's staff API (PGlite is single-process: a second process cannot open the database the
// server holds, so this talks HTTP). Node built-ins only. The account needs the shop or admin role.
//
//   node scripts/shop-orders.mjs login PHONE_OR_EMAIL PASSWORD   prints a token for STAFF_TOKEN
//   node scripts/shop-orders.mjs list [STATUS] [PAGE]            Registred orders (or another status), oldest first
//   node scripts/shop-orders.mjs move ID STATUS [TRACKING]       Accepted, Rejected or Canceled (Registred
//                                                                orders); Delivered (Accepted ones) with
//                                                                the carrier's tracking number
//
// Rejected and Canceled put the goods back on sale and the order's total in the buyer's wallet; the
// buyer is told of every move by e-mail or SMS.
// PUBLIC_URL is the server (default http://localhost:4321); STAFF_TOKEN a staff account's token.

import { URLSearchParams } from 'node:url';
import { call, CliError, positive, runStaffCli } from './staff-cli.mjs';

const usage =
  'usage: node scripts/shop-orders.mjs login USER PASSWORD | list [STATUS] [PAGE] | move ID STATUS [TRACKING]';

/** SPEC §3 spells the statuses (Registred included); any letter case is accepted at the terminal. */
const statuses = ['Registred', 'Canceled', 'Accepted', 'Rejected', 'Delivered'];

function status(value) {
  const found = statuses.find((candidate) => candidate.toLowerCase() === value?.toLowerCase());
  if (!found) throw new CliError(`STATUS is one of ${statuses.join(', ')}, not "${value ?? ''}"`);
  return found;
}

/** Amounts are in minor units: IRR is read in toman (rials / 10), USD in dollars. */
function money(amount, currency) {
  return currency === 'IRR' ? `${(amount / 10).toLocaleString('en')} toman` : `$${(amount / 100).toFixed(2)}`;
}

function show(order) {
  const { address, delivery } = order;
  const items = order.items.map((item) => `${item.quantity} × ${item.en_title}`).join(', ');
  console.log(
    `#${order.id} [${order.status}] ${order.created_at} ${money(order.total, order.currency)} (payment ${order.payment_id})`,
  );
  console.log(
    `    ${items}; ${delivery.en_title}${order.tracking_number ? `, tracking ${order.tracking_number}` : ''}`,
  );
  console.log(
    `    to ${address.deliveryTo}, ${address.tel}: ${address.state.en_name}, ${address.city.en_name}, ${address.fullAddress}, ${address.postalCode}`,
  );
}

await runStaffCli('shop-orders', usage, {
  async list(token, wanted = 'Registred', page = '1') {
    const query = new URLSearchParams({ status: status(wanted), page: String(positive(page, 'PAGE')) });
    const body = await call('GET', `/staff/shop/orders?${query}`, { token });
    if (body.orders.length === 0) console.log(`no ${status(wanted)} orders on page ${page}`);
    body.orders.forEach(show);
    if (body.has_more)
      console.log(`more: node scripts/shop-orders.mjs list ${status(wanted)} ${Number(page) + 1}`);
  },
  async move(token, id, to, tracking) {
    const path = `/staff/shop/orders/${positive(id, 'an order id')}/status`;
    const json = { status: status(to), ...(tracking ? { tracking_number: tracking } : {}) };
    const body = await call('POST', path, { token, json });
    show(body.order);
  },
});
