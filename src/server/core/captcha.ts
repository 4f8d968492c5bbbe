import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { createRequire } from 'node:module';
import { eq, lt } from 'drizzle-orm';
import type { create } from 'svg-captcha';
import { toLatinDigits } from '../../lib/format';
import { randomDigits } from '../auth/secrets';
import type { AppContext } from '../context';
import { captchaChallenges } from '../db/schema';
import { defineRateLimit } from './rate-limit';

export const CAPTCHA_TTL_SECONDS = 5 * 60;

/** Loading a captcha is cheap for us but each one is a guess for a bot: a few per minute per address. */
export const captchaRateLimit = defineRateLimit({ name: 'captcha', limit: 20, windowSeconds: 60 });

export interface NewCaptcha {
  key: string;
  svg: string;
  /** The text in the image; for in-process callers (tests), never sent to the visitor. */
  answer: string;
  expiresIn: number;
}

/**
 * svg-captcha's main export draws a given text (as paths, so no font is needed to read it); its typings
 * describe only the helpers that pick the text with Math.random, which we leave to node:crypto.
 */
const drawCaptcha = createRequire(import.meta.url)('svg-captcha') as (
  text: string,
  options: Parameters<typeof create>[0],
) => string;

const CAPTCHA_LENGTH = 5;

/** Dark text on a fixed light background: random colours made some digits too faint to read. */
const CAPTCHA_DRAWING = {
  noise: 2,
  color: false,
  background: '#f4f4f5',
  width: 150,
  height: 50,
  fontSize: 52,
};

function normaliseAnswer(answer: string): string {
  return toLatinDigits(answer).replace(/\s/g, '').toLowerCase();
}

/** Keyed by the captcha's own random key, so equal answers of different captchas never match. */
function answerHash(key: string, answer: string): Buffer {
  return createHash('sha256')
    .update(`${key}\n${normaliseAnswer(answer)}`)
    .digest();
}

export async function createCaptcha(ctx: AppContext): Promise<NewCaptcha> {
  // Digits only: visitors on a Persian keyboard can answer without switching layouts.
  const text = ctx.config.captchaTestAnswer ?? randomDigits(CAPTCHA_LENGTH);
  const svg = drawCaptcha(text, CAPTCHA_DRAWING);
  const key = randomBytes(18).toString('base64url');
  const now = ctx.clock.now();
  const { db } = ctx.database;
  // Expired, never-answered captchas go here rather than in a timer: the index makes it cheap.
  await db.delete(captchaChallenges).where(lt(captchaChallenges.expiresAt, now));
  await db.insert(captchaChallenges).values({
    key,
    answerHash: answerHash(key, text).toString('base64'),
    expiresAt: new Date(now.getTime() + CAPTCHA_TTL_SECONDS * 1000),
    createdAt: now,
  });
  return { key, svg, answer: text, expiresIn: CAPTCHA_TTL_SECONDS };
}

/**
 * True when `answer` solves the unexpired captcha `key`. Any check uses the captcha up, right or
 * wrong, so an answer cannot be guessed twice.
 */
export async function solveCaptcha(ctx: AppContext, key: string, answer: string): Promise<boolean> {
  const [challenge] = await ctx.database.db
    .delete(captchaChallenges)
    .where(eq(captchaChallenges.key, key))
    .returning();
  if (!challenge || challenge.expiresAt.getTime() <= ctx.clock.now().getTime()) return false;
  return timingSafeEqual(answerHash(key, answer), Buffer.from(challenge.answerHash, 'base64'));
}
