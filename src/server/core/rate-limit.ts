import { and, eq, lt, sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { rateLimitCounters } from '../db/schema';
import { DomainError } from '../errors';
import { rateLimitRefusals } from './metrics';

/** At most `limit` hits per `windowSeconds` for one key (a client address, a phone number, ...). */
export interface RateLimitRule {
  name: string;
  limit: number;
  windowSeconds: number;
}

/** Windows longer than this would be swept away while still open. */
const LONGEST_WINDOW_SECONDS = 24 * 60 * 60;
const SWEEP_EVERY_MS = 10 * 60 * 1000;

export function defineRateLimit(rule: RateLimitRule): RateLimitRule {
  if (rule.windowSeconds > LONGEST_WINDOW_SECONDS || rule.windowSeconds <= 0 || rule.limit < 1) {
    throw new Error(`Rate limit ${rule.name}: window must be 1 s to 24 h and limit at least 1`);
  }
  return rule;
}

export interface RateLimiter {
  /** Counts one hit and throws a rate_limited DomainError once the window's limit is passed. */
  consume(rule: RateLimitRule, key: string): Promise<void>;
  /**
   * Throws like `consume` when the window is already full, without counting: for limits on failures
   * (wrong passwords), which are checked before the attempt and consumed only when it fails.
   */
  check(rule: RateLimitRule, key: string): Promise<void>;
  /**
   * Takes back one hit counted at `countedAt` by `consume`: for limits counted before the attempt
   * (so that parallel attempts cannot all pass) and meant for failures only, when the attempt succeeded.
   */
  release(rule: RateLimitRule, key: string, countedAt: Date): Promise<void>;
}

function windowOf(rule: RateLimitRule, now: number): { start: number; end: number } {
  const windowMs = rule.windowSeconds * 1000;
  const start = Math.floor(now / windowMs) * windowMs;
  return { start, end: start + windowMs };
}

function limited(rule: RateLimitRule, end: number, now: number): DomainError {
  rateLimitRefusals.inc({ rule: rule.name });
  const seconds = Math.max(1, Math.ceil((end - now) / 1000));
  return new DomainError(
    'rate_limited',
    { key: 'rate_limited', params: { count: seconds } },
    { retryAfter: seconds },
  );
}

/**
 * Fixed windows counted in the database, so every instance on the same database shares them. The
 * upsert increments and reads in one statement, which PostgreSQL and PGlite both run atomically.
 */
export function createRateLimiter(db: Db, clock: Clock): RateLimiter {
  let lastSweep = 0;

  async function sweepOldWindows(now: number): Promise<void> {
    if (now - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = now;
    const cutoff = new Date(now - LONGEST_WINDOW_SECONDS * 1000);
    await db.delete(rateLimitCounters).where(lt(rateLimitCounters.windowStart, cutoff));
  }

  return {
    async consume(rule, key) {
      const now = clock.now().getTime();
      const window = windowOf(rule, now);
      const [counter] = await db
        .insert(rateLimitCounters)
        .values({ bucket: `${rule.name}:${key}`, windowStart: new Date(window.start), hits: 1 })
        .onConflictDoUpdate({
          target: [rateLimitCounters.bucket, rateLimitCounters.windowStart],
          set: { hits: sql`${rateLimitCounters.hits} + 1` },
        })
        .returning({ hits: rateLimitCounters.hits });
      await sweepOldWindows(now);
      if ((counter?.hits ?? 0) > rule.limit) throw limited(rule, window.end, now);
    },
    async check(rule, key) {
      const now = clock.now().getTime();
      const window = windowOf(rule, now);
      const [counter] = await db
        .select({ hits: rateLimitCounters.hits })
        .from(rateLimitCounters)
        .where(
          and(
            eq(rateLimitCounters.bucket, `${rule.name}:${key}`),
            eq(rateLimitCounters.windowStart, new Date(window.start)),
          ),
        );
      if ((counter?.hits ?? 0) >= rule.limit) throw limited(rule, window.end, now);
    },
    async release(rule, key, countedAt) {
      const window = windowOf(rule, countedAt.getTime());
      await db
        .update(rateLimitCounters)
        .set({ hits: sql`greatest(${rateLimitCounters.hits} - 1, 0)` })
        .where(
          and(
            eq(rateLimitCounters.bucket, `${rule.name}:${key}`),
            eq(rateLimitCounters.windowStart, new Date(window.start)),
          ),
        );
    },
  };
}
