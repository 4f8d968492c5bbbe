// What the staff command-line scripts (moderate.mjs, grant.mjs) share: they talk to a running server's
// API (PGlite is single-process, so a second process cannot open the database the server holds) with a
// staff token, and turn every refusal into one line on stderr. Node built-ins only.

const base = `${(process.env.PUBLIC_URL || 'http://localhost:4321').replace(/\/+$/, '')}/api/v1`;

/** A failure worth one line to the person at the terminal (exit code 1), not a stack trace. */
export class CliError extends Error {}

/** One API call; any non-2xx answer becomes a CliError carrying the server's translated message. */
export async function call(method, path, { token, json } = {}) {
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

/** A number such as an id or a count, from the command line. */
export function positive(value, what) {
  if (!/^[1-9]\d*$/.test(value ?? ''))
    throw new CliError(`${what} is a positive number, not "${value ?? ''}"`);
  return Number(value);
}

/**
 * Runs `node scripts/<script>.mjs COMMAND ARGS...`: `login USER PASSWORD` (prints a token for
 * STAFF_TOKEN) plus the script's own commands, each called with the staff token and its arguments.
 */
export async function runStaffCli(script, usage, commands) {
  const staffToken = () => {
    const token = process.env.STAFF_TOKEN;
    if (!token)
      throw new CliError(
        `STAFF_TOKEN is not set: run "node scripts/${script}.mjs login USER PASSWORD" first`,
      );
    return token;
  };
  const all = {
    async login(user, password) {
      if (!user || !password) throw new CliError('login needs USER and PASSWORD');
      const body = await call('POST', '/auth/login', { json: { user_name: user, password } });
      console.log(body.token);
    },
    ...Object.fromEntries(
      Object.entries(commands).map(([name, run]) => [name, (...args) => run(staffToken(), ...args)]),
    ),
  };
  const [name, ...args] = process.argv.slice(2);
  const command = Object.hasOwn(all, name ?? '') ? all[name] : undefined;
  if (!command) {
    console.error(
      `${usage}\nenvironment: PUBLIC_URL (default http://localhost:4321), STAFF_TOKEN (from "login")`,
    );
    process.exit(2);
  }
  try {
    await command(...args);
  } catch (error) {
    if (!(error instanceof CliError)) throw error;
    console.error(`${script}: ${error.message}`);
    process.exit(1);
  }
}
