import en from './en.json';
import fa from './fa.json';
import type { Locale } from '~/lib/locale';

/** One set of UI strings, shared by .astro pages (through t) and React islands (through i18next). */
export const resources = { fa, en } as const;

export type Messages = typeof fa;

function lookup(messages: unknown, key: string): string | undefined {
  let node: unknown = messages;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** The string for a dotted key; a missing key shows itself so it is noticed, never an empty label. */
export function t(locale: Locale, key: string): string {
  return lookup(resources[locale], key) ?? key;
}

/** A t() bound to one locale, for a page or component that renders in a single language. */
export function translator(locale: Locale): (key: string) => string {
  return (key) => t(locale, key);
}
