#!/usr/bin/env node
// The campaign report from a terminal, through a running server's staff API (GET /api/v1/staff/campaigns;
// PGlite is single-process, so a second process cannot open the database the server holds). Node
// built-ins only.
//
//   node scripts/campaigns.mjs login PHONE_OR_EMAIL PASSWORD        prints a token for STAFF_TOKEN
//   node scripts/campaigns.mjs report [FROM] [TO] [CAMPAIGN]        days as YYYY-MM-DD (UTC, both
//                                                                   included); the last 30 days by default
//
// PUBLIC_URL is the server (default http://localhost:4321); STAFF_TOKEN a staff account's token.

import { URLSearchParams } from 'node:url';
import { call, runStaffCli } from './staff-cli.mjs';

const usage = 'usage: node scripts/campaigns.mjs login USER PASSWORD | report [FROM] [TO] [CAMPAIGN]';
const DAY_MS = 24 * 60 * 60 * 1000;
const day = (ms) => new Date(ms).toISOString().slice(0, 10);

/** Minor units as people read them: rials whole, cents as dollars. */
const money = ({ currency, amount }) =>
  `${currency} ${currency === 'USD' ? (amount / 100).toFixed(2) : amount.toLocaleString('en')}`;

await runStaffCli('campaigns', usage, {
  async report(token, from = day(Date.now() - 29 * DAY_MS), to = day(Date.now()), campaign) {
    const query = new URLSearchParams({ from, to, ...(campaign ? { campaign } : {}) });
    const body = await call('GET', `/staff/campaigns?${query}`, { token });
    console.log(`campaigns from ${body.from} to ${body.to}`);
    if (body.campaigns.length === 0) console.log('no campaign had a visit, a sign-up or a payment');
    for (const row of body.campaigns) {
      const revenue = row.revenue.length > 0 ? row.revenue.map(money).join(', ') : 'no revenue';
      console.log(
        `${row.campaign}: ${row.visits} landing visits, ${row.sign_ups} sign-ups, ${row.first_payments} first payments, ${revenue}`,
      );
    }
  },
});
