import { describe, expect, it } from 'vitest';
import { resources, t } from '~/i18n';
import { createI18n } from '~/i18n/core';
import { locales, type Locale } from '~/lib/locale';
import { fillText } from '~/lib/player/text';

/** Every text of one language by its dotted key. */
function textsOf(node: unknown, prefix = ''): Map<string, string> {
  const texts = new Map<string, string>();
  if (typeof node === 'string') return texts.set(prefix, node);
  for (const [key, value] of Object.entries(node as object)) {
    for (const entry of textsOf(value, prefix ? `${prefix}.${key}` : key)) texts.set(...entry);
  }
  return texts;
}

const pluralSuffix = /_(zero|one|two|few|many|other)$/;

/** A message's texts by its key without the plural suffix: `results` holds `results` and `results_one`. */
function entriesOf(locale: Locale): Map<string, Map<string, string>> {
  const entries = new Map<string, Map<string, string>>();
  for (const [key, text] of textsOf(resources[locale])) {
    const base = key.replace(pluralSuffix, '');
    const form = pluralSuffix.exec(key)?.[1] ?? 'other';
    entries.set(base, (entries.get(base) ?? new Map<string, string>()).set(form, text));
  }
  return entries;
}

function placeholdersOf(forms: Map<string, string>): string[] {
  const names = [...forms.values()].flatMap((text) =>
    [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1] ?? ''),
  );
  return [...new Set(names)].sort();
}

/**
 * The forms a language writes for a counted message: English says "1 second" but "2 seconds"; a Persian
 * noun after a number stays singular ("۱ ثانیه", "۲ ثانیه"), so one text serves every count.
 */
const neededForms: Record<Locale, string[]> = { en: ['one', 'other'], fa: ['other'] };

describe('UI strings', () => {
  const entries = { fa: entriesOf('fa'), en: entriesOf('en') };

  it('exist in both languages with the same keys and the same placeholders', () => {
    expect([...entries.en.keys()].sort()).toEqual([...entries.fa.keys()].sort());
    const differing = [...entries.en]
      .filter(([key, forms]) => {
        const fa = entries.fa.get(key);
        return fa && placeholdersOf(forms).join() !== placeholdersOf(fa).join();
      })
      .map(
        ([key, forms]) =>
          `${key}: en ${placeholdersOf(forms).join()} / fa ${placeholdersOf(entries.fa.get(key)!).join()}`,
      );
    expect(differing).toEqual([]);
  });

  it('have the plural forms each language needs, and only forms the language has', () => {
    const counted = new Set(
      locales.flatMap((locale) =>
        [...entries[locale]].filter(([, forms]) => forms.size > 1 || forms.has('one')),
      ),
    );
    const countedKeys = new Set([...counted].map(([key]) => key));
    for (const locale of locales) {
      const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories as string[];
      const faults = [...entries[locale]].flatMap(([key, forms]) => [
        ...[...forms.keys()].filter((form) => !categories.includes(form)).map((form) => `${key}_${form}`),
        ...(countedKeys.has(key) ? neededForms[locale].filter((form) => !forms.has(form)) : []).map(
          (form) => `${key} lacks _${form}`,
        ),
      ]);
      expect(faults, locale).toEqual([]);
    }
  });

  it('write every placeholder in one syntax, {{name}}', () => {
    for (const locale of locales) {
      const other = [...textsOf(resources[locale])].filter(([, text]) => /(?<!\{)\{\w+\}(?!\})/.test(text));
      expect(other, locale).toEqual([]);
    }
  });

  it("are filled by the player's light helper exactly as by the engine", () => {
    const values = { title: 'Sahar 2', current: 65, duration: '1:05', quality: '720p', season: 2, number: 3 };
    for (const locale of locales) {
      const engine = createI18n(locale, { [locale]: { player: resources[locale].player } });
      for (const [key, text] of textsOf(resources[locale].player, 'player')) {
        const all = { ...values, seconds: 5, level: 40, n: 12 };
        expect(fillText(text, all, locale), key).toBe(engine.t(key, all));
      }
    }
  });

  it('are never empty (i18next would show the key of an empty string)', () => {
    for (const locale of locales) {
      const empty = [...textsOf(resources[locale]).keys()].filter((key) => t(locale, key) === '');
      expect(empty, locale).toEqual([]);
    }
  });

  it('are looked up by dotted key, and a missing key shows itself', () => {
    expect(t('fa', 'notFound.title')).toBe('صفحه مورد نظر پیدا نشد');
    expect(t('en', 'notFound.title')).toBe('Page not found');
    expect(t('en', 'errors.network')).toBe('Network error; try again.');
    expect(t('en', 'no.such.key')).toBe('no.such.key');
  });
});

describe('Counts in texts', () => {
  it('are singular for one in English, and written in the page digits', () => {
    expect(t('en', 'catalog.search.results', { count: 1 })).toBe('1 result');
    expect(t('en', 'catalog.search.results', { count: 0 })).toBe('0 results');
    expect(t('en', 'catalog.title.episodes', { count: 12 })).toBe('12 episodes');
    expect(t('en', 'cafes.booking.seatsLeft', { count: 1 })).toBe('1 seat left');
    expect(t('en', 'cafes.booking.seatsLeft', { count: 2 })).toBe('2 seats left');
    expect(t('en', 'commerce.dialog.windowHours', { count: 1 })).toBe('1 hour to watch from the first play');
    expect(t('fa', 'catalog.search.results', { count: 1 })).toBe('۱ نتیجه');
    expect(t('fa', 'catalog.search.results', { count: 3 })).toBe('۳ نتیجه');
    expect(t('fa', 'cafes.booking.seatsLeft', { count: 12 })).toBe('۱۲ صندلی خالی');
    expect(t('en', 'adminCatalogue.cafes.cafeOption', { name: 'Parde', count: 1 })).toBe('Parde (1 seat)');
  });

  it('read the same in an island, which loads only some namespaces', () => {
    const island = createI18n('en', { en: { shop: resources.en.shop } });
    expect(island.t('shop.cart.button', { count: 1 })).toBe('Cart, 1 item');
    expect(island.t('shop.cart.button', { count: 3 })).toBe('Cart, 3 items');
    const persian = createI18n('fa', { fa: { shop: resources.fa.shop } });
    expect(persian.t('shop.cart.button', { count: 3 })).toBe('سبد خرید، ۳ قلم');
  });

  it('other values are filled in as they are, numbers in the page digits', () => {
    expect(t('fa', 'catalog.home.slide', { n: 2, total: 5 })).toBe(
      resources.fa.catalog.home.slide.replace('{{n}}', '۲').replace('{{total}}', '۵'),
    );
    expect(t('en', 'catalog.search.resultsTitle', { q: '<b>12' })).toBe('Search results for “<b>12”');
  });
});
