#!/usr/bin/env node
// Grants access from a terminal until payments exist, through a running server's staff API
// (POST /api/v1/staff/grants; PGlite is single-process, so a second process cannot open the database
// the server holds). Node built-ins only. Rows are written with source `script`.
//
//   node scripts/grant.mjs login PHONE_OR_EMAIL PASSWORD          prints a token for STAFF_TOKEN
//   node scripts/grant.mjs subscription USER DAYS [PLAN]          a subscription from now for DAYS days
//   node scripts/grant.mjs title USER PRODUCT_ID                  a bought title (8 hours from first play)
//   node scripts/grant.mjs ticket PRODUCT_ID [USER|-] [CODE]      a festival or screening ticket; without
//                                                                 USER (or with -) anyone may type the code
//
// PUBLIC_URL is the server (default http://localhost:4321); STAFF_TOKEN a staff account's token.

import { call, CliError, positive, runStaffCli } from './staff-cli.mjs';

const usage =
  'usage: node scripts/grant.mjs login USER PASSWORD | subscription USER DAYS [PLAN] | title USER PRODUCT_ID | ticket PRODUCT_ID [USER|-] [CODE]';

function required(value, what) {
  if (!value) throw new CliError(`${what} is missing`);
  return value;
}

async function grant(token, json) {
  const body = await call('POST', '/staff/grants', { token, json });
  const details = [
    `${body.type} #${body.id}`,
    body.code && `code ${body.code}`,
    body.ends_at && `until ${body.ends_at}`,
  ];
  // The API's message is a sentence ("Access granted."); its details follow it after a colon.
  console.log(`${body.message.replace(/\.$/, '')}: ${details.filter(Boolean).join(', ')}`);
}

await runStaffCli('grant', usage, {
  subscription: (token, user, days, plan) =>
    grant(token, {
      type: 'subscription',
      user_name: required(user, 'USER'),
      days: positive(days, 'DAYS'),
      ...(plan ? { plan } : {}),
    }),
  title: (token, user, productId) =>
    grant(token, {
      type: 'title',
      user_name: required(user, 'USER'),
      product_id: positive(productId, 'PRODUCT_ID'),
    }),
  ticket: (token, productId, user, code) =>
    grant(token, {
      type: 'ticket',
      product_id: positive(productId, 'PRODUCT_ID'),
      ...(user && user !== '-' ? { user_name: user } : {}),
      ...(code ? { code } : {}),
    }),
});
