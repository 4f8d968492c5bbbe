/**
 * Production mode (docs/decisions/0032-production-mode.md): the operator set NODE_ENV=production, or
 * pointed DATABASE_URL at PostgreSQL. It fails closed: no demo data, no sandbox bank, no generated
 * secrets and no build at start unless asked for (src/server/config.ts lists what it requires).
 *
 * Decided from the environment as the operator gave it: server.mjs reads this file (Node strips its
 * types; hence no imports) before the build exists and before it gives NODE_ENV React's default.
 */
export type RunMode = 'demo' | 'production';

export function runModeOf(env: Readonly<Record<string, string | undefined>>): RunMode {
  const postgres = /^postgres(ql)?:\/\//.test(env['DATABASE_URL'] ?? '');
  return env['NODE_ENV'] === 'production' || postgres ? 'production' : 'demo';
}
