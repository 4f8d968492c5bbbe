import type { i18n } from 'i18next';
import { createI18n } from '~/i18n/core';
import { resources } from '~/i18n';
import type { Locale } from '~/lib/locale';

/**
 * An i18next instance per island root, on the same strings and engine as the pages' t(). Initialised
 * synchronously so the server-rendered markup and the first client render say the same words.
 */
export function createIslandI18n(locale: Locale): i18n {
  return createI18n(locale, resources);
}
