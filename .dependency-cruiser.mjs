/**
 * The layering of shared/DESIGN.md §3, checked by `npm run lint` (decision record 0038).
 *
 *   web/  api/            HTTP: server.mjs's front (web/) and the Hono API (api/)
 *   runtime.ts context.ts product-kinds.ts demo/   composition: wires the rooms together
 *   <domain>/             the rooms: verbs and rules
 *   core/                 the kernel every room may use (log, metrics, audit, rate limits, places ...)
 *   db/ errors.ts clock.ts config.ts run-mode.ts   the floor
 *
 * Arrows point down only. A room reaches another room through its public module (see PUBLIC below),
 * and the browser side (islands, stores, lib, shared) never reaches the server.
 */

/** The rooms of src/server: each holds one part of the product's rules. */
const DOMAINS = [
  'auth',
  'cafes',
  'catalog',
  'commerce',
  'core',
  'finance',
  'gifts',
  'growth',
  'media',
  'notify',
  'playback',
  'shop',
  'social',
  'staff',
  'users',
];
const domain = `^src/server/(${DOMAINS.join('|')})/`;
/** Rooms whose files are private: another room imports only their public module. */
const rooms = `(${DOMAINS.filter((name) => name !== 'core').join('|')})`;

export default {
  forbidden: [
    {
      name: 'domain-not-to-api-or-web',
      comment:
        'A domain holds rules; the API (api/) and the web front (web/) call it, never the other way. ' +
        'What both need lives in the domain, core or src/shared.',
      severity: 'error',
      from: { path: domain },
      to: { path: '^src/server/(api|web)/' },
    },
    {
      name: 'domain-not-to-composition',
      comment:
        'Domains are composed by runtime.ts, context.ts, product-kinds.ts and the demo seeds; they take the ' +
        'AppContext type from context.ts and import nothing else of the composition.',
      severity: 'error',
      from: { path: domain },
      to: {
        path: '^src/server/(runtime\\.ts|product-kinds\\.ts|demo/|context\\.ts)',
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'domain-not-to-demo',
      comment: 'The demo seeds depend on the domains; no domain depends on the demo.',
      severity: 'error',
      from: { path: domain },
      to: { path: '^src/server/demo/' },
    },
    {
      name: 'api-not-to-db',
      comment:
        'A route validates, calls one domain verb and maps its result: queries and tables belong to the ' +
        'domain, not to api/.',
      severity: 'error',
      from: { path: '^src/server/api/' },
      to: { path: '^src/server/db/' },
    },
    {
      name: 'db-not-up',
      comment: 'db/ is the floor: the client, the schema and migrations import no room above them.',
      severity: 'error',
      from: { path: '^src/server/db/' },
      to: {
        path: '^src/server/',
        pathNot: '^src/server/(db/|errors\\.ts|clock\\.ts|config\\.ts|run-mode\\.ts)',
      },
    },
    {
      name: 'only-public-module',
      comment:
        "A room reaches another room only through that room's public module, <room>/index.ts; every " +
        'other file of a room is its own business. core/ is the kernel: all of it is public.',
      severity: 'error',
      from: { path: `^src/server/${rooms}/` },
      to: { path: `^src/server/${rooms}/`, pathNot: ['^src/server/$1/', `^src/server/${rooms}/index\\.ts$`] },
    },
    {
      name: 'no-circular',
      comment:
        'No import circles, type imports included. One exception: every domain takes the AppContext type ' +
        'from context.ts, which names the types of what it composes; a circle that closes only through ' +
        'that type (never a runtime import, see domain-not-to-composition) is the composition root, not a knot.',
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { pathNot: '^src/server/context\\.ts$' } },
    },
    {
      name: 'browser-not-to-server',
      comment:
        'Islands, stores, lib and the contract (src/shared) run in the browser or on both sides: they ' +
        'never import server code (eslint no-restricted-imports says the same per file).',
      severity: 'error',
      from: { path: '^src/(islands|stores|lib|shared)/' },
      to: { path: '^src/server/' },
    },
  ],
  options: {
    tsConfig: { fileName: 'tsconfig.json' },
    // Type-only imports count: a type from another room is a dependency on it.
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    // .astro pages and components are not parsed; they call the domains in process, as DESIGN.md says.
    exclude: { path: '^src/env\\.d\\.ts$' },
  },
};
