import { describe, expect, it } from 'vitest';
import {
  dollarsOf,
  emptyForm,
  fieldLabelParts,
  fromLocalInput,
  inputOf,
  toLocalInput,
} from '~/islands/admin/catalogue-form';
import { titleInputSchema } from '~/shared/staff-catalogue';

/** The console's title form: what it sends is what the staff API's schema reads. */
describe('the title form', () => {
  it('sends an empty optional field as null and prices in minor units', () => {
    const form = {
      ...emptyForm('film'),
      slug: 'a-film',
      title: 'فیلم',
      en_title: 'A film',
      synopsis: 'خلاصه',
      en_synopsis: 'Synopsis',
      regions: 'ir, US،de',
      price_irr: '1500000',
      price_usd: '2.99',
    };
    const input = inputOf(form);
    expect(input).toMatchObject({
      release_date: null,
      duration_minutes: null,
      country: null,
      regions: ['ir', 'US', 'de'],
      starts_at: null,
      seasons: [],
      programme: [],
      sale: { price_irr: 1_500_000, price_usd: 299 },
    });
    const parsed = titleInputSchema.parse(input);
    expect(parsed.regions).toEqual(['IR', 'US', 'DE']);
  });

  it('keeps a typed non-number as text, so the server names the field', () => {
    const input = inputOf({ ...emptyForm('film'), duration_minutes: 'long', price_usd: 'two' });
    expect(input.duration_minutes).toBe('long');
    expect(input.sale.price_usd).toBe('two');
  });

  it('sends seasons only for a series, the programme only for a festival, the times only for a screening', () => {
    const seasons = [{ number: '1', title: 'ف', en_title: 'S', episodes: [] }];
    expect(inputOf({ ...emptyForm('film'), seasons }).seasons).toEqual([]);
    expect(inputOf({ ...emptyForm('series'), seasons }).seasons).toEqual([
      { number: 1, title: 'ف', en_title: 'S', episodes: [] },
    ]);
    expect(inputOf({ ...emptyForm('festival'), programme: '3, 4 ،5' }).programme).toEqual([3, 4, 5]);
    expect(inputOf({ ...emptyForm('film'), programme: '3' }).programme).toEqual([]);
    expect(inputOf({ ...emptyForm('film'), starts_at: '2026-03-22T20:00' }).starts_at).toBeNull();
  });

  it('turns datetime-local values into instants and back, and cents into dollars', () => {
    const iso = fromLocalInput('2026-03-22T20:00');
    expect(iso).toBe(new Date('2026-03-22T20:00').toISOString());
    expect(toLocalInput(iso)).toBe('2026-03-22T20:00');
    expect(fromLocalInput('  ')).toBeNull();
    expect(dollarsOf(299)).toBe('2.99');
    expect(dollarsOf(null)).toBe('');
  });
});

describe('field names in the error summary', () => {
  it('names nested fields by their place and their label', () => {
    expect(fieldLabelParts('seasons.0.episodes.1.en_title')).toEqual([
      { key: 'seasonNumber', number: 1 },
      { key: 'episodeNumber', number: 2 },
      { key: 'fields.enTitle' },
    ]);
    expect(fieldLabelParts('sale.price_usd')).toEqual([{ key: 'fields.priceUsd' }]);
    expect(fieldLabelParts('regions.3')).toEqual([{ key: 'fields.regions' }]);
    expect(fieldLabelParts('seasons')).toEqual([{ key: 'groups.seasons' }]);
    expect(fieldLabelParts('')).toEqual([]);
  });
});
