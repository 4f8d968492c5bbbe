import type { i18n } from 'i18next';
import { createI18n } from '~/i18n/core';
import type { Locale } from '~/lib/locale';
import type { IslandStrings } from './strings';

/**
 * An i18next instance per island root, on the same engine as the pages' t() and only the namespaces the
 * root loads (./strings.ts). Initialised synchronously so the server-rendered markup and the first client
 * render say the same words.
 */
export function createIslandI18n(locale: Locale, strings: IslandStrings): i18n {
  return createI18n(locale, strings);
}
