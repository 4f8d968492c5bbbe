import { createInstance, type FormatterModule, type i18n } from 'i18next';
import { localDigits } from '../lib/format';
import { locales, type Locale } from '../lib/locale';

/**
 * The one translation engine of pages, islands and API messages: i18next over the strings of
 * src/i18n/{fa,en}.json. One placeholder syntax (`{{name}}`), plurals by i18next's rule (a `count` value
 * picks `key_one` or `key_other`/`key` through Intl.PluralRules) and numbers in the language's digits.
 * No strings here: pages and the API load every namespace (./index.ts), an island only the ones it shows.
 */

/** The strings of one language (or some of its namespaces): nested objects of texts. */
export interface Strings {
  [key: string]: string | Strings;
}

/** Values a text mentions; numbers are written in the language's digits. */
export type Values = Record<string, string | number>;

/**
 * Every interpolated number becomes the page's digits (alwaysFormat sends each value through here);
 * anything else passes unchanged, so a missing value still leaves its `{{name}}` in place.
 */
const localNumbers: FormatterModule = {
  type: 'formatter',
  init: () => undefined,
  add: () => undefined,
  addCached: () => undefined,
  format: (value: string | number | undefined, _format, lng) =>
    (typeof value === 'number' ? localDigits(value, lng === 'en' ? 'en' : 'fa') : value) as string,
};

/**
 * An i18next instance holding the given strings, set to `locale`. Initialised synchronously so a
 * server-rendered island and its first client render say the same words.
 */
export function createI18n(locale: Locale, strings: Partial<Record<Locale, Strings>>): i18n {
  const instance = createInstance();
  void instance.use(localNumbers).init({
    lng: locale,
    supportedLngs: [...locales],
    fallbackLng: false,
    nsSeparator: false,
    resources: Object.fromEntries(
      Object.entries(strings).map(([language, translation]) => [language, { translation }]),
    ),
    interpolation: { escapeValue: false, alwaysFormat: true },
    initAsync: false,
  });
  return instance;
}

/** A text of the given strings by its dotted key, in one language, with its values filled in. */
export type Translate = (locale: Locale, key: string, values?: Values) => string;

/**
 * A t() over some strings, for a module that needs a few namespaces (the API client's errors, money's
 * unit names): its engines are made on first use, so importing the module does no work and a bundle
 * that never calls it leaves it out.
 */
export function translatorOf(strings: Partial<Record<Locale, Strings>>): Translate {
  const engines: Partial<Record<Locale, i18n>> = {};
  return (locale, key, values) => (engines[locale] ??= createI18n(locale, strings)).t(key, values ?? {});
}
