import { resources, t } from '../i18n';
import type { Locale } from '../lib/locale';

/**
 * Every message the API can answer with lives in the `api` namespace of src/i18n/{fa,en}.json, beside
 * the pages' and islands' strings and read by the same engine. Validation and domain errors carry a key
 * (and parameters) and are translated once, at the HTTP boundary, into the request's language. A message
 * whose words follow a number names that number `count`, which picks its plural form ("try again in
 * 1 second", `rate_limited_one`; "in 2 seconds", `rate_limited`).
 */
type ApiKey = keyof (typeof resources)['en']['api'];

export type MessageKey = Exclude<ApiKey, `${string}_one`>;

function isPluralForm(key: string): boolean {
  return key.endsWith('_one');
}

/**
 * Every key of the catalogue (the wording test reads each message in both languages). A function, so
 * that importing this module (islands do, through the zod schemas of src/shared) does no work.
 */
export function messageKeys(): MessageKey[] {
  return Object.keys(resources.en.api).filter((key) => !isPluralForm(key)) as MessageKey[];
}

/**
 * A message before translation: its key and what it mentions. Numbers are written in the locale's
 * digits; strings (a code, a brand name) are inserted as they are.
 */
export interface Message {
  key: MessageKey;
  params?: Record<string, number | string>;
}

export function isMessageKey(value: unknown): value is MessageKey {
  return typeof value === 'string' && !isPluralForm(value) && Object.hasOwn(resources.en.api, value);
}

export function translate(message: Message | MessageKey, locale: Locale): string {
  const { key, params } = typeof message === 'string' ? { key: message } : message;
  return t(locale, `api.${key}`, params);
}
