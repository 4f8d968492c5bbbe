import { AsyncLocalStorage } from 'node:async_hooks';
import { format } from 'node:util';
import pino, { type DestinationStream, type Logger } from 'pino';
import type { Config } from '../config';

/**
 * The server's log: one JSON object a line (pino), info and debug on stdout, warnings and errors on
 * stderr, so a supervisor or a test that watches stderr still sees what went wrong. The level comes
 * from LOG_LEVEL (src/server/config.ts) once the runtime starts.
 */

/**
 * Fields whose values never reach the log, wherever they sit in the first three levels of a logged
 * object (a request's headers, a gateway's answer, an error's details): credentials, codes, card and
 * signature data, and the phone number and e-mail that identify a person (the user id does that).
 * tests/unit/log.test.ts logs each of them and looks for the value in the output.
 */
export const redactedKeys = [
  // Sessions and credentials
  'token',
  'remember_token',
  'accessToken',
  'refreshToken',
  'authorization',
  'Authorization',
  'cookie',
  'Cookie',
  'set-cookie',
  'password',
  'newPassword',
  'secret',
  'apiKey',
  'api_key',
  'privateKey',
  // One-time codes (the outbox prints its own line for development: src/server/notify/outbox.ts)
  'code',
  'otp',
  // Cards and signatures
  'card',
  'cardPan',
  'pan',
  'cvv2',
  'pin',
  'signature',
  'sign',
  'Sign',
  // The person
  'phone',
  'mobile',
  'email',
  // A failed query's values (Drizzle's params) and PostgreSQL's detail ("Key (phone)=(...) exists")
  'params',
  'parameters',
  'detail',
] as const;

/** Drizzle writes a failed query's values into its message (and so its stack): `params: a,b,c`. */
const QUERY_VALUES = /^params: .*$/gm;

/** pino's error serializer, without the values of a failed query. */
function serializeError(error: Error): ReturnType<typeof pino.stdSerializers.err> {
  const out = pino.stdSerializers.err(error);
  if (typeof out.message === 'string') out.message = out.message.replace(QUERY_VALUES, 'params: [redacted]');
  if (typeof out.stack === 'string') out.stack = out.stack.replace(QUERY_VALUES, 'params: [redacted]');
  return out;
}

const redactPaths = redactedKeys.flatMap((key) => {
  const step = /^\w+$/.test(key) ? `.${key}` : `["${key}"]`;
  return [step.startsWith('.') ? key : step, `*${step}`, `*.*${step}`];
});

/** What is known about the request being served, for every line logged while it is. */
export interface RequestFacts {
  requestId: string;
  userId?: number;
  /** The API's route pattern (`/api/v1/payments/:id`), once the API has matched one. */
  route?: string;
}

const requestFacts = new AsyncLocalStorage<RequestFacts>();

/** Runs `serve` with `facts` attached to every line it logs (and to what runs on its behalf later). */
export function withRequestFacts<T>(facts: RequestFacts, serve: () => T): T {
  return requestFacts.run(facts, serve);
}

/** Adds to the facts of the request being served (nothing outside a request). */
export function noteRequest(facts: Partial<Omit<RequestFacts, 'requestId'>>): void {
  const current = requestFacts.getStore();
  if (current) Object.assign(current, facts);
}

/**
 * Written in the background; while whatever reads the output (journald, a container runtime) stalls,
 * lines wait in memory up to this much, and beyond it are dropped rather than the process growing.
 */
const BUFFERED_BYTES = 16 * 1024 * 1024;

function defaultDestination(): DestinationStream {
  const to = (fd: number) => pino.destination({ dest: fd, sync: false, maxLength: BUFFERED_BYTES });
  return pino.multistream(
    [
      { level: 'trace', stream: to(1) },
      { level: 'warn', stream: to(2) },
    ],
    { dedupe: true },
  );
}

/** A logger with the server's format and redaction; tests pass a destination to read what it wrote. */
export function createLogger(
  destination: DestinationStream = defaultDestination(),
  level: Config['logLevel'] = 'info',
): Logger {
  return pino(
    {
      level,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: redactPaths, censor: '[redacted]' },
      serializers: { err: serializeError },
      mixin() {
        const facts = requestFacts.getStore();
        return facts ? { reqId: facts.requestId, userId: facts.userId } : {};
      },
    },
    destination,
  );
}

/** The process's logger. */
export const log = createLogger();

/** Sets the level once the configuration is read (LOG_LEVEL). */
export function setLogLevel(level: Config['logLevel']): void {
  log.level = level;
}

/**
 * server.mjs: what Astro and other libraries print through `console` becomes JSON lines of this log
 * too (as `console: true`), so that a process's whole output can be parsed line by line.
 */
export function captureConsole(): void {
  const to =
    (level: 'debug' | 'info' | 'warn' | 'error') =>
    (...args: unknown[]) =>
      log[level]({ console: true }, format(...args));
  console.debug = to('debug');
  console.log = console.info = to('info');
  console.warn = to('warn');
  console.error = to('error');
}
