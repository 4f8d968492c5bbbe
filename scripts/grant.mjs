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

const usage = `usage: node scripts/grant.mjs login USER PASSWORD | subscription USER DAYS [PLAN] | title USER PRODUCT_ID | ticket PRODUCT_ID [USER|-] [CODE]
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
    throw new CliError('STAFF_TOKEN is not set: run "node scripts/grant.mjs login USER PASSWORD" first');
  return token;
}

function positive(value, what) {
  if (!/^[1-9]\d*$/.test(value ?? ''))
    throw new CliError(`${what} is a positive number, not "${value ?? ''}"`);
  return Number(value);
}

function required(value, what) {
  if (!value) throw new CliError(`${what} is missing`);
  return value;
}

async function grant(json) {
  const body = await call('POST', '/staff/grants', { token: staffToken(), json });
  const details = [
    `${body.type} #${body.id}`,
    body.code && `code ${body.code}`,
    body.ends_at && `until ${body.ends_at}`,
  ];
  console.log(`${body.message}: ${details.filter(Boolean).join(', ')}`);
}

const commands = {
  async login(user, password) {
    if (!user || !password) throw new CliError('login needs USER and PASSWORD');
    const body = await call('POST', '/auth/login', { json: { user_name: user, password } });
    console.log(body.token);
  },
  subscription: (user, days, plan) =>
    grant({
      type: 'subscription',
      user_name: required(user, 'USER'),
      days: positive(days, 'DAYS'),
      ...(plan ? { plan } : {}),
    }),
  title: (user, productId) =>
    grant({
      type: 'title',
      user_name: required(user, 'USER'),
      product_id: positive(productId, 'PRODUCT_ID'),
    }),
  ticket: (productId, user, code) =>
    grant({
      type: 'ticket',
      product_id: positive(productId, 'PRODUCT_ID'),
      ...(user && user !== '-' ? { user_name: user } : {}),
      ...(code ? { code } : {}),
    }),
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
  console.error(`grant: ${error.message}`);
  process.exit(1);
}
