import path from 'node:path';
import { z } from 'zod';
import { parseTrustedProxies, type TrustedProxies } from './core/client-address';
import { runModeOf, type RunMode } from './run-mode';

/** An unset or empty variable both mean "not configured". */
const optionalString = z
  .string()
  .optional()
  .transform((value) => value || undefined);

const envSchema = z.object({
  HOST: z.string().default('localhost'),
  PORT: z.coerce.number().int().min(0).max(65535).default(4321),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^(postgres(ql)?:\/\/|memory:\/\/$)/, 'DATABASE_URL must be a postgres:// URL (or memory://)')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** The origin viewers use: read at start (not at build), so one build serves any origin. */
  PUBLIC_URL: z.url().default('http://localhost:4321'),
  /** Which proxies may name the client in X-Forwarded-For: a number of them, or their networks. */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, context) => {
      try {
        return parseTrustedProxies(value);
      } catch (error) {
        context.addIssue({ code: 'custom', message: (error as Error).message });
        return z.NEVER;
      }
    }),
  OUTBOX_FILE: z.string().optional(),
  NODE_ENV: z.string().optional(),
  /** Browser tests need to solve the contact captcha; honoured only when NODE_ENV=test. */
  CAPTCHA_TEST_ANSWER: z
    .string()
    .regex(/^\d{5}$/, 'CAPTCHA_TEST_ANSWER must be five digits')
    .optional(),
  /** E-mail delivery: smtp://user:pass@host:port (or smtps://); codes go to the outbox without it. */
  SMTP_URL: optionalString.pipe(z.url({ protocol: /^smtps?$/ }).optional()),
  MAIL_FROM: z.string().default('Cinemakhaneh <no-reply@localhost>'),
  /** SMS delivery through Kavenegar's verify/lookup API; codes go to the outbox without a key. */
  KAVENEGAR_API_KEY: optionalString,
  KAVENEGAR_TEMPLATE: optionalString,
  KAVENEGAR_BASE_URL: z.url().default('https://api.kavenegar.com'),
  /** The Kavenegar line notices (direct-debit charges) are sent from; lookup templates carry only codes. */
  KAVENEGAR_SENDER: optionalString.pipe(z.string().regex(/^\d+$/, 'KAVENEGAR_SENDER is a number').optional()),
  /** The demo catalogue, users and admin on an empty database; unset: on in the demo, off in production. */
  SEED_DEMO: z.enum(['0', '1']).optional(),
  /** Committed HLS packages (media/demo/<asset>); packaged titles live in DATA_DIR/media. */
  MEDIA_DIR: z.string().optional(),
  /** HMAC secret of signed media URLs; shared by all instances. Unset: DATA_DIR/media-secret. */
  MEDIA_SIGNING_SECRET: optionalString.pipe(z.string().min(32).optional()),
  MEDIA_URL_TTL_SECONDS: z.coerce.number().int().min(60).max(86400).default(14400),
  /** Memory for hot package files (segments, playlists); 0 reads every file from disk. */
  MEDIA_CACHE_MB: z.coerce.number().int().min(0).max(65536).default(256),
  /** Services the player asks for its streaming IP, comma-separated; unset: our own /api/v1/core/ip. */
  PUBLIC_STREAMING_IP_URLS: optionalString,
  /**
   * The built-in sandbox bank: `auto` (the default) serves it while no real gateway is configured, in
   * the demo only; production mode serves it only when set to 1.
   */
  SANDBOX_BANK: z.enum(['auto', '0', '1']).default('auto'),
  /** Read by server.mjs; here only so that production mode can refuse a build at start with the rest. */
  BUILD: optionalString,
  /** Deadline of one call to a payment gateway. */
  GATEWAY_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  ZARINPAL_MERCHANT_ID: optionalString.pipe(z.uuid('ZARINPAL_MERCHANT_ID must be a UUID').optional()),
  ZARINPAL_BASE_URL: z.url().default('https://payment.zarinpal.com'),
  /** Monthly direct debit through Zarinpal Payman (enabled per terminal by Zarinpal's support). */
  ZARINPAL_PAYMAN: z
    .enum(['0', '1'])
    .default('0')
    .transform((value) => value === '1'),
  /** Seals direct-debit signatures at rest; shared by all instances. Unset: DATA_DIR/payman-key. */
  PAYMAN_SIGNATURE_KEY: optionalString.pipe(z.string().min(32).optional()),
  MELLAT_TERMINAL_ID: optionalString.pipe(
    z.string().regex(/^\d+$/, 'MELLAT_TERMINAL_ID is a number').optional(),
  ),
  MELLAT_USERNAME: optionalString,
  MELLAT_PASSWORD: optionalString,
  MELLAT_BASE_URL: z.url().default('https://bpm.shaparak.ir/pgwchannel'),
  SEP_TERMINAL_ID: optionalString.pipe(z.string().regex(/^\d+$/, 'SEP_TERMINAL_ID is a number').optional()),
  SEP_BASE_URL: z.url().default('https://sep.shaparak.ir'),
  PASARGAD_TERMINAL: optionalString.pipe(
    z.string().regex(/^\d+$/, 'PASARGAD_TERMINAL is a number').optional(),
  ),
  PASARGAD_USERNAME: optionalString,
  PASARGAD_PASSWORD: optionalString,
  /** Pasargad gives each terminal its base (…/dorsa1, /dorsa2, …) with the credentials. */
  PASARGAD_BASE_URL: z.url().default('https://pep.shaparak.ir/dorsa1'),
  PAYPAL_CLIENT_ID: optionalString,
  PAYPAL_SECRET: optionalString,
  PAYPAL_BASE_URL: z.url().default('https://api-m.paypal.com'),
  /** Minutes a payment may wait at its gateway before reconciliation expires it. */
  PAYMENT_TTL_MINUTES: z.coerce.number().int().min(5).max(1440).default(30),
  /** Minutes before a screening starts that "Remind me" sends its SMS or e-mail (issue 30). */
  SCREENING_REMINDER_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
  /**
   * Where kept files (packages, sources, artwork, avatars) live (decision record 0047): unset, the
   * local directory DATA_DIR; `s3://bucket/prefix?endpoint=…&region=…&forcePathStyle=1` a bucket.
   */
  STORAGE_URL: optionalString.transform((value, context) => {
    if (value === undefined) return undefined;
    try {
      return parseStorageUrl(value);
    } catch (error) {
      context.addIssue({ code: 'custom', message: (error as Error).message });
      return z.NEVER;
    }
  }),
  /** The bucket's credentials; unset: the AWS SDK's own (AWS_ACCESS_KEY_ID, an instance role, ...). */
  STORAGE_ACCESS_KEY_ID: optionalString,
  STORAGE_SECRET_ACCESS_KEY: optionalString,
  /** The least severe log lines written (JSON lines on stdout, warnings and errors on stderr). */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Prometheus metrics on their own address, never the public port; unset: no metrics endpoint. */
  METRICS_PORT: optionalString.pipe(
    z
      .string()
      .regex(/^\d{1,5}$/, 'METRICS_PORT must be a port number')
      .transform(Number)
      .pipe(z.number().max(65535, 'METRICS_PORT must be a port number'))
      .optional(),
  ),
  METRICS_HOST: z.string().default('127.0.0.1'),
  /**
   * Seconds an instance keeps serving after SIGTERM while readiness already says `draining`, so the
   * load balancer takes it out before it stops accepting (its poll interval times its failure count).
   */
  DRAIN_SECONDS: z.coerce.number().int().min(0).max(120).default(0),
  /**
   * The seller on receipts (decision record 0042), in both languages. Unset: the demo prints its made-up
   * company; production prints the brand and leaves out what is not set (never a made-up number).
   */
  COMPANY_NAME_FA: optionalString,
  COMPANY_NAME_EN: optionalString,
  COMPANY_ADDRESS_FA: optionalString,
  COMPANY_ADDRESS_EN: optionalString,
  /** شناسه ملی: a legal entity's national id, 11 digits. */
  COMPANY_NATIONAL_ID: optionalString.pipe(
    z
      .string()
      .regex(/^\d{11}$/, 'COMPANY_NATIONAL_ID is 11 digits')
      .optional(),
  ),
  /** کد اقتصادی: the economic code, 12 digits. */
  COMPANY_ECONOMIC_CODE: optionalString.pipe(
    z
      .string()
      .regex(/^\d{12}$/, 'COMPANY_ECONOMIC_CODE is 12 digits')
      .optional(),
  ),
  /** The VAT registration (certificate) number. */
  COMPANY_VAT_NUMBER: optionalString,
  COMPANY_PHONE: optionalString.pipe(
    z
      .string()
      .regex(/^\+?[\d -]{5,20}$/, 'COMPANY_PHONE is a phone number, e.g. +982188776655')
      .optional(),
  ),
});

export interface KavenegarConfig {
  apiKey: string;
  /** The verify/lookup template registered in the Kavenegar panel; its %token is the code. */
  template: string;
  baseUrl: string;
  /** The line plain-text notices go out from (sms/send); undefined: SMS notices cannot be sent. */
  sender: string | undefined;
}

/** The real payment gateways configured; each is absent while its variables are unset. */
export interface GatewaysConfig {
  timeoutMs: number;
  /** `payman`: the terminal also has direct debit (ZARINPAL_PAYMAN=1). */
  zarinpal: { merchantId: string; baseUrl: string; payman: boolean } | undefined;
  mellat: { terminalId: string; userName: string; password: string; baseUrl: string } | undefined;
  saman: { terminalId: string; baseUrl: string } | undefined;
  pasargad: { terminal: string; userName: string; password: string; baseUrl: string } | undefined;
  paypal: { clientId: string; secret: string; baseUrl: string } | undefined;
}

/** Who sells, as receipts print it; a text is in both languages or neither (then the brand, no address). */
export interface CompanyConfig {
  name: { fa: string; en: string } | undefined;
  address: { fa: string; en: string } | undefined;
  nationalId: string | undefined;
  economicCode: string | undefined;
  vatNumber: string | undefined;
  phone: string | undefined;
}

/** The demo's made-up seller, so a demo receipt shows every field; production never prints it. */
const demoCompany: CompanyConfig = {
  name: { fa: 'شرکت سینماخانه (نمونه)', en: 'Cinemakhaneh Ltd (demo)' },
  address: {
    fa: 'تهران، خیابان ولیعصر، پلاک ۱۲۳۴، کد پستی ۱۹۶۸۷۱۳۴۵۶',
    en: '1234 Valiasr St, Tehran 1968713456, Iran',
  },
  nationalId: '10320000000',
  economicCode: '411100000000',
  vatNumber: 'VAT-0000-DEMO',
  phone: '+982188000000',
};

function companyConfig(e: Env, mode: RunMode): CompanyConfig {
  const both = (fa: string | undefined, en: string | undefined) => (fa && en ? { fa, en } : undefined);
  const configured: CompanyConfig = {
    name: both(e.COMPANY_NAME_FA, e.COMPANY_NAME_EN),
    address: both(e.COMPANY_ADDRESS_FA, e.COMPANY_ADDRESS_EN),
    nationalId: e.COMPANY_NATIONAL_ID,
    economicCode: e.COMPANY_ECONOMIC_CODE,
    vatNumber: e.COMPANY_VAT_NUMBER,
    phone: e.COMPANY_PHONE,
  };
  const anySet = Object.values(configured).some((value) => value !== undefined);
  return mode === 'demo' && !anySet ? demoCompany : configured;
}

/** Variables that only mean something together: naming one of a group needs the rest. */
const gatewayGroups = [
  ['MELLAT_TERMINAL_ID', 'MELLAT_USERNAME', 'MELLAT_PASSWORD'],
  ['PASARGAD_TERMINAL', 'PASARGAD_USERNAME', 'PASARGAD_PASSWORD'],
  ['PAYPAL_CLIENT_ID', 'PAYPAL_SECRET'],
] as const;

const trimSlash = (url: string) => url.replace(/\/+$/, '');

/** A bucket of S3-compatible object storage (STORAGE_URL and STORAGE_*). */
export interface S3StorageConfig {
  kind: 's3';
  bucket: string;
  /** Put before every key: '' or a folder ending in `/`. */
  prefix: string;
  /** Another S3-compatible service (MinIO, Ceph, R2, ...); unset: AWS. */
  endpoint: string | undefined;
  region: string;
  /** Bucket in the path (`endpoint/bucket/key`) rather than the host name: most self-hosted servers. */
  forcePathStyle: boolean;
  /** Unset: the AWS SDK's default chain. */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
}

export type StorageConfig = { kind: 'local' } | S3StorageConfig;

const STORAGE_URL_EXAMPLE =
  's3://bucket/prefix?endpoint=https://s3.example.com&region=us-east-1&forcePathStyle=1';

/** STORAGE_URL as the storage needs it; throws a message naming what is wrong (credentials come apart). */
function parseStorageUrl(value: string): Omit<S3StorageConfig, 'credentials' | 'region'> & {
  region: string | undefined;
} {
  const url = URL.canParse(value) ? new URL(value) : null;
  if (!url || url.protocol !== 's3:') throw new Error(`STORAGE_URL must look like ${STORAGE_URL_EXAMPLE}`);
  if (url.username || url.password) {
    throw new Error(
      'STORAGE_URL must not carry credentials: set STORAGE_ACCESS_KEY_ID and STORAGE_SECRET_ACCESS_KEY',
    );
  }
  const bucket = url.hostname;
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
    throw new Error(
      `STORAGE_URL: "${bucket}" is not a bucket name (3-63 lower-case letters, digits, . and -)`,
    );
  }
  const parts = decodeURIComponent(url.pathname).split('/').filter(Boolean);
  if (parts.some((part) => part === '.' || part === '..'))
    throw new Error('STORAGE_URL: the prefix has . or ..');
  const known = ['endpoint', 'region', 'forcePathStyle'];
  const unknown = [...url.searchParams.keys()].filter((name) => !known.includes(name));
  if (unknown.length > 0) {
    throw new Error(`STORAGE_URL: unknown parameter ${unknown.join(', ')} (known: ${known.join(', ')})`);
  }
  const endpoint = url.searchParams.get('endpoint') ?? undefined;
  if (endpoint !== undefined && !/^https?:\/\/[^/]+/.test(endpoint)) {
    throw new Error(`STORAGE_URL: endpoint must be an http:// or https:// URL (got ${endpoint})`);
  }
  const pathStyle = url.searchParams.get('forcePathStyle') ?? '0';
  if (!['0', '1', 'true', 'false'].includes(pathStyle)) {
    throw new Error('STORAGE_URL: forcePathStyle is 1 or 0');
  }
  return {
    kind: 's3',
    bucket,
    prefix: parts.length > 0 ? `${parts.join('/')}/` : '',
    endpoint: endpoint && trimSlash(endpoint),
    region: url.searchParams.get('region') || undefined,
    forcePathStyle: pathStyle === '1' || pathStyle === 'true',
  };
}

function storageConfig(e: Env, env: NodeJS.ProcessEnv): StorageConfig {
  if (!e.STORAGE_URL) return { kind: 'local' };
  return {
    ...e.STORAGE_URL,
    region: e.STORAGE_URL.region ?? (env['AWS_REGION'] || 'us-east-1'),
    credentials:
      e.STORAGE_ACCESS_KEY_ID && e.STORAGE_SECRET_ACCESS_KEY
        ? { accessKeyId: e.STORAGE_ACCESS_KEY_ID, secretAccessKey: e.STORAGE_SECRET_ACCESS_KEY }
        : undefined,
  };
}

type Env = z.infer<typeof envSchema>;

/** Variables that need one another: a gateway's group, Payman's merchant, Kavenegar's template. */
function dependentProblems(e: Env): string[] {
  const problems = gatewayGroups.flatMap((group) => {
    const set = group.filter((name) => e[name]);
    return set.length > 0 && set.length < group.length
      ? group.filter((name) => !e[name]).map((name) => `${name}: required when ${set[0]} is set`)
      : [];
  });
  if (e.ZARINPAL_PAYMAN && !e.ZARINPAL_MERCHANT_ID) {
    problems.push('ZARINPAL_MERCHANT_ID: required when ZARINPAL_PAYMAN is 1');
  }
  if (!e.STORAGE_ACCESS_KEY_ID !== !e.STORAGE_SECRET_ACCESS_KEY) {
    const [set, unset] = e.STORAGE_ACCESS_KEY_ID
      ? ['STORAGE_ACCESS_KEY_ID', 'STORAGE_SECRET_ACCESS_KEY']
      : ['STORAGE_SECRET_ACCESS_KEY', 'STORAGE_ACCESS_KEY_ID'];
    problems.push(`${unset}: required when ${set} is set`);
  }
  if (e.STORAGE_ACCESS_KEY_ID && !e.STORAGE_URL) {
    problems.push('STORAGE_URL: required when STORAGE_ACCESS_KEY_ID is set (which bucket?)');
  }
  if (e.KAVENEGAR_API_KEY && !e.KAVENEGAR_TEMPLATE) {
    problems.push('KAVENEGAR_TEMPLATE: required when KAVENEGAR_API_KEY is set');
  }
  for (const [fa, en] of [
    ['COMPANY_NAME_FA', 'COMPANY_NAME_EN'],
    ['COMPANY_ADDRESS_FA', 'COMPANY_ADDRESS_EN'],
  ] as const) {
    if (!e[fa] !== !e[en]) {
      problems.push(
        `${e[fa] ? en : fa}: required when ${e[fa] ? fa : en} is set (receipts print both languages)`,
      );
    }
  }
  return problems;
}

/** The variable that makes each real gateway exist (the rest of its group is checked above). */
const gatewayKeys = [
  'ZARINPAL_MERCHANT_ID',
  'MELLAT_TERMINAL_ID',
  'SEP_TERMINAL_ID',
  'PASARGAD_TERMINAL',
  'PAYPAL_CLIENT_ID',
] as const;

/**
 * What production mode refuses to guess (decision record 0032), read from the raw environment so that
 * these come in one list with any malformed value: each names the variable and what to set.
 */
function productionProblems(env: NodeJS.ProcessEnv): string[] {
  const problems: string[] = [];
  if (!env['PUBLIC_URL']) {
    problems.push(
      'PUBLIC_URL: required in production: the origin viewers use, e.g. https://cinemakhaneh.example (canonical links, payment callbacks and links in messages are made from it)',
    );
  }
  if (!env['MEDIA_SIGNING_SECRET']) {
    problems.push(
      'MEDIA_SIGNING_SECRET: required in production: one random secret of at least 32 characters (e.g. `openssl rand -base64 48`), the same on every instance',
    );
  }
  if (!env['PAYMAN_SIGNATURE_KEY']) {
    problems.push(
      'PAYMAN_SIGNATURE_KEY: required in production: one random key of at least 32 characters, the same on every instance and kept with the backups (sealed direct-debit signatures cannot be opened without it)',
    );
  }
  if (env['SANDBOX_BANK'] !== '1' && !gatewayKeys.some((name) => env[name])) {
    problems.push(
      `SANDBOX_BANK: no payment gateway is configured: set one (${gatewayKeys.join(', ')} with the rest of its group), or SANDBOX_BANK=1 to take payments through the sandbox bank (no real money)`,
    );
  }
  if (env['BUILD'] && env['BUILD'] !== 'never') {
    problems.push(
      `BUILD: production mode never builds at start (BUILD=${env['BUILD']}): run \`npm run build\` before starting, and set BUILD=never or leave it unset`,
    );
  }
  // Every interface includes the public one: metrics are for a private network (decision record 0034).
  if (env['METRICS_PORT'] && ['0.0.0.0', '::', '[::]'].includes(env['METRICS_HOST']?.trim() ?? '')) {
    problems.push(
      `METRICS_HOST: production mode does not serve metrics on every interface (${env['METRICS_HOST']}): set the private address Prometheus scrapes, or leave it unset for 127.0.0.1`,
    );
  }
  return problems;
}

function gatewaysConfig(e: Env): GatewaysConfig {
  return {
    timeoutMs: e.GATEWAY_TIMEOUT_MS,
    zarinpal: e.ZARINPAL_MERCHANT_ID
      ? {
          merchantId: e.ZARINPAL_MERCHANT_ID,
          baseUrl: trimSlash(e.ZARINPAL_BASE_URL),
          payman: e.ZARINPAL_PAYMAN,
        }
      : undefined,
    mellat:
      e.MELLAT_TERMINAL_ID && e.MELLAT_USERNAME && e.MELLAT_PASSWORD
        ? {
            terminalId: e.MELLAT_TERMINAL_ID,
            userName: e.MELLAT_USERNAME,
            password: e.MELLAT_PASSWORD,
            baseUrl: trimSlash(e.MELLAT_BASE_URL),
          }
        : undefined,
    saman: e.SEP_TERMINAL_ID
      ? { terminalId: e.SEP_TERMINAL_ID, baseUrl: trimSlash(e.SEP_BASE_URL) }
      : undefined,
    pasargad:
      e.PASARGAD_TERMINAL && e.PASARGAD_USERNAME && e.PASARGAD_PASSWORD
        ? {
            terminal: e.PASARGAD_TERMINAL,
            userName: e.PASARGAD_USERNAME,
            password: e.PASARGAD_PASSWORD,
            baseUrl: trimSlash(e.PASARGAD_BASE_URL),
          }
        : undefined,
    paypal:
      e.PAYPAL_CLIENT_ID && e.PAYPAL_SECRET
        ? { clientId: e.PAYPAL_CLIENT_ID, secret: e.PAYPAL_SECRET, baseUrl: trimSlash(e.PAYPAL_BASE_URL) }
        : undefined,
  };
}

export interface Config {
  /** `production`: NODE_ENV=production or a PostgreSQL DATABASE_URL, as the operator set them (0032). */
  mode: RunMode;
  host: string;
  port: number;
  dataDir: string;
  /** `memory://` keeps the embedded database in memory (tests). */
  databaseUrl: string | undefined;
  publicUrl: string;
  /** Whose X-Forwarded-For entries tell the client's address (none unless TRUST_PROXY is set). */
  trustProxy: TrustedProxies;
  outboxFile: string;
  seedDemo: boolean;
  /** The least severe level logged (LOG_LEVEL). */
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** Where GET /metrics is served (METRICS_HOST, METRICS_PORT); undefined: nowhere. */
  metrics: { host: string; port: number } | undefined;
  /** Seconds of serving while draining before the listener closes (DRAIN_SECONDS). */
  drainSeconds: number;
  /** Every captcha shows this text (browser tests only: needs NODE_ENV=test). */
  captchaTestAnswer: string | undefined;
  /** SMTP server for e-mailed codes; undefined: e-mails go to the outbox. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Kavenegar account for SMS codes; undefined: SMS go to the outbox. */
  kavenegar: KavenegarConfig | undefined;
  /** Where the repository's committed files (migrations, content) live. */
  appRoot: string;
  /** Root of the committed media packages (`<appRoot>/media`). */
  mediaDir: string;
  /** Undefined (the demo only): a random secret kept in DATA_DIR/media-secret signs media URLs. */
  mediaSigningSecret: string | undefined;
  /** How long a signed media URL (playlists, segments, key) stays valid. */
  mediaUrlTtlSeconds: number;
  /** Byte budget of the in-memory cache of package files (MEDIA_CACHE_MB). */
  mediaCacheBytes: number;
  /** Where kept files live: DATA_DIR, or a bucket (STORAGE_URL); opened as ctx.storage. */
  storage: StorageConfig;
  /** PUBLIC_STREAMING_IP_URLS as set (the player splits it); undefined: our own endpoint. */
  streamingIpUrls: string | undefined;
  /** Whether the built-in sandbox bank takes payments (production: only with SANDBOX_BANK=1). */
  sandboxBank: boolean;
  gateways: GatewaysConfig;
  paymentTtlMinutes: number;
  /** How long before a screening's start its reminders go out. */
  screeningReminderMinutes: number;
  /** Undefined (the demo only): a random key kept in DATA_DIR/payman-key seals direct-debit signatures. */
  paymanSignatureKey: string | undefined;
  /** The seller printed on receipts (COMPANY_*). */
  company: CompanyConfig;
}

/**
 * Reads and validates the environment once; everything else receives the result. Every problem is
 * listed in one error. server.mjs passes the environment as the operator gave it, before its defaults
 * for libraries (NODE_ENV), so that those cannot switch production mode on or off.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const mode = runModeOf(env);
  const parsed = envSchema.safeParse(env);
  const problems = [
    ...(parsed.success
      ? dependentProblems(parsed.data)
      : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)),
    ...(mode === 'production' ? productionProblems(env) : []),
  ];
  if (!parsed.success || problems.length > 0) {
    const heading = mode === 'production' ? 'Invalid environment (production mode)' : 'Invalid environment';
    throw new Error(`${heading}:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  const gateways = gatewaysConfig(e);
  const anyRealGateway = Object.values(gateways).some((gateway) => typeof gateway === 'object');
  const appRoot = path.resolve(env['APP_ROOT'] ?? process.cwd());
  const dataDir = path.resolve(appRoot, e.DATA_DIR);
  return {
    mode,
    host: e.HOST,
    port: e.PORT,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    publicUrl: e.PUBLIC_URL.replace(/\/$/, ''),
    trustProxy: e.TRUST_PROXY,
    outboxFile: path.resolve(appRoot, e.OUTBOX_FILE ?? path.join(dataDir, 'outbox.jsonl')),
    seedDemo: e.SEED_DEMO === undefined ? mode === 'demo' : e.SEED_DEMO === '1',
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    kavenegar:
      e.KAVENEGAR_API_KEY && e.KAVENEGAR_TEMPLATE
        ? {
            apiKey: e.KAVENEGAR_API_KEY,
            template: e.KAVENEGAR_TEMPLATE,
            baseUrl: e.KAVENEGAR_BASE_URL.replace(/\/$/, ''),
            sender: e.KAVENEGAR_SENDER,
          }
        : undefined,
    captchaTestAnswer: e.NODE_ENV === 'test' ? e.CAPTCHA_TEST_ANSWER : undefined,
    appRoot,
    logLevel: e.LOG_LEVEL,
    metrics: e.METRICS_PORT === undefined ? undefined : { host: e.METRICS_HOST, port: e.METRICS_PORT },
    drainSeconds: e.DRAIN_SECONDS,
    mediaDir: path.resolve(appRoot, e.MEDIA_DIR ?? 'media'),
    mediaSigningSecret: e.MEDIA_SIGNING_SECRET,
    mediaUrlTtlSeconds: e.MEDIA_URL_TTL_SECONDS,
    mediaCacheBytes: e.MEDIA_CACHE_MB * 2 ** 20,
    storage: storageConfig(e, env),
    streamingIpUrls: e.PUBLIC_STREAMING_IP_URLS,
    sandboxBank: e.SANDBOX_BANK === '1' || (mode === 'demo' && e.SANDBOX_BANK === 'auto' && !anyRealGateway),
    gateways,
    paymentTtlMinutes: e.PAYMENT_TTL_MINUTES,
    screeningReminderMinutes: e.SCREENING_REMINDER_MINUTES,
    paymanSignatureKey: e.PAYMAN_SIGNATURE_KEY,
    company: companyConfig(e, mode),
  };
}
