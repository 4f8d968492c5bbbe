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

const usage = `usage: node scripts/moderate.mjs login USER PASSWORD | list [STATUS] [PAGE] | approve ID | reject ID
environment: PUBLIC_URL (default http://localhost:4321), STAFF_TOKEN (from "login")`;

const base = `${(process.env.PUBLIC_URL || 'http://localhost:4321').replace(/\/+$/, '')}/api/v1`;

class CliError extends Error {}

/** One API call; any non-2xx answer becomes a CliError carrying the server's translated message. */
async function call(method, path, { token, json } = {}) {
  const headers = { accept: 'application/json', 'accept-language-site': 'en' };
  if (token) headers.authorization = `Bearer ${token}`;
  if (json !== undefined) headers['content-type'] = 'application/json';
  let response;
  try {
    response = await fetch(`${base}${path}`, {
      method,
      headers,
      body: json === undefined ? undefined : JSON.stringify(json),
    });
  } catch (error) {
    throw new CliError(`cannot reach ${base}: ${error.cause?.message ?? error.message}`);
  }
  const body = await response.json().catch(() => ({}));
  if (!response.ok) {
    const fields = body.errors ? ` (${Object.values(body.errors).flat().join('; ')})` : '';
    throw new CliError(
      `${method} ${path}: HTTP ${response.status}: ${body.message ?? 'no message'}${fields}`,
    );
  }
  return body;
}

function staffToken() {
  const token = process.env.STAFF_TOKEN;
  if (!token)
    throw new CliError('STAFF_TOKEN is not set: run "node scripts/moderate.mjs login USER PASSWORD" first');
  return token;
}

function commentId(value) {
  if (!/^[1-9]\d*$/.test(value ?? ''))
    throw new CliError(`a comment id is a positive number, not "${value ?? ''}"`);
  return value;
}

const commands = {
  async login(user, password) {
    if (!user || !password) throw new CliError('login needs USER and PASSWORD');
    const body = await call('POST', '/auth/login', { json: { user_name: user, password } });
    console.log(body.token);
  },
  async list(status = 'pending', page = '1') {
    const query = new URLSearchParams({ status, page });
    const body = await call('GET', `/staff/comments?${query}`, { token: staffToken() });
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
  async approve(id) {
    console.log(
      (await call('POST', `/staff/comments/${commentId(id)}/approve`, { token: staffToken() })).message,
    );
  },
  async reject(id) {
    console.log(
      (await call('POST', `/staff/comments/${commentId(id)}/reject`, { token: staffToken() })).message,
    );
  },
};

const [name, ...args] = process.argv.slice(2);
const command = Object.hasOwn(commands, name ?? '') ? commands[name] : undefined;
if (!command) {
  console.error(usage);
  process.exit(2);
}
try {
  await command(...args);
} catch (error) {
  if (!(error instanceof CliError)) throw error;
  console.error(`moderate: ${error.message}`);
  process.exit(1);
}
