import en from './en.json';
import fa from './fa.json';
import { translatorOf, type Values } from './core';
import type { Locale } from '../lib/locale';

/**
 * Every string of the product for pages and the API (islands load only their namespaces, see
 * islands/shared/i18n.ts), through the one engine of ./core.ts.
 */
export const resources = { fa, en } as const;

export type Messages = typeof fa;

/**
 * The text of a dotted key with its `{{values}}` filled in (numbers in the language's digits); a numeric
 * `count` picks the plural form. A missing key shows itself so it is noticed, never an empty label.
 * Pure on import (shared modules that islands import reach this file through shared/validation.ts; a
 * module that does nothing on import is left out of their bundles with every string it holds).
 */
export const t = /* @__PURE__ */ translatorOf(resources);

/** A t() bound to one locale, for a page or component that renders in a single language. */
export function translator(locale: Locale): (key: string, values?: Values) => string {
  return (key, values) => t(locale, key, values);
}
