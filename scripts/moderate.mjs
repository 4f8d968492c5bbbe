#!/usr/bin/env node
// Comment moderation from a terminal, through a running server's staff API (PGlite is single-process:
// a second process cannot open the database the server holds, so this talks HTTP). Node built-ins only.
//
//   node scripts/moderate.mjs login PHONE_OR_EMAIL PASSWORD   prints a token for STAFF_TOKEN
//   node scripts/moderate.mjs list [pending|approved|rejected] [PAGE]
//   node scripts/moderate.mjs approve ID
//   node scripts/moderate.mjs reject ID
//
// PUBLIC_URL is the server (default http://localhost:4321); STAFF_TOKEN a staff account's token.

import { URLSearchParams } from 'node:url';
import { call, positive, runStaffCli } from './staff-cli.mjs';

const usage =
  'usage: node scripts/moderate.mjs login USER PASSWORD | list [STATUS] [PAGE] | approve ID | reject ID';

await runStaffCli('moderate', usage, {
  async list(token, status = 'pending', page = '1') {
    const query = new URLSearchParams({ status, page });
    const body = await call('GET', `/staff/comments?${query}`, { token });
    if (body.comments.length === 0) console.log(`no ${status} comments on page ${page}`);
    for (const comment of body.comments) {
      const reply = comment.parent_id ? ` reply to #${comment.parent_id}` : '';
      console.log(
        `#${comment.id} [${comment.status}] ${comment.created_at} ${comment.author} on "${comment.product_title}" (product ${comment.product_id})${reply}`,
      );
      console.log(`    ${comment.body.replace(/\s*\n\s*/g, ' ⏎ ')}`);
    }
    if (body.has_more) console.log(`more: node scripts/moderate.mjs list ${status} ${Number(page) + 1}`);
  },
  async approve(token, id) {
    console.log(
      (await call('POST', `/staff/comments/${positive(id, 'a comment id')}/approve`, { token })).message,
    );
  },
  async reject(token, id) {
    console.log(
      (await call('POST', `/staff/comments/${positive(id, 'a comment id')}/reject`, { token })).message,
    );
  },
});
