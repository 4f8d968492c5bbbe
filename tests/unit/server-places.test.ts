import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { requestLocale } from '~/server/api/locale';
import { cityEnglishNames, provinceCapitals, provinceEnglishNames } from '~/server/core/place-names';
import { listProvinces } from '~/server/core/places';

const require = createRequire(import.meta.url);
const provinces = require('iran-cities-json/ostan.json') as { id: number; name: string }[];
const cities = require('iran-cities-json/shahr.json') as { id: number; name: string; ostan: number }[];

describe('English place names', () => {
  it('name all 31 provinces of the package', () => {
    expect(provinces).toHaveLength(31);
    for (const { id } of provinces) expect(provinceEnglishNames[id], `province ${id}`).toBeTruthy();
  });

  it("name each province's capital as the package spells it, in that province", () => {
    for (const { id } of provinces) {
      const capital = provinceCapitals[id];
      expect(
        cities.some((city) => city.ostan === id && city.name === capital),
        `capital of ${id}`,
      ).toBe(true);
      expect(cityEnglishNames[capital ?? '']).toBeTruthy();
    }
  });

  it('only translate cities the package has', () => {
    const known = new Set(cities.map((city) => city.name));
    const unknown = Object.keys(cityEnglishNames).filter((name) => !known.has(name));
    expect(unknown).toEqual([]);
    expect(Object.keys(cityEnglishNames).length).toBeGreaterThan(100);
  });
});

/**
 * Issue 25: the 31 provinces as Iran officially names them (the country's divisions), in the package's id
 * order. Written out here rather than read from any data, so a wrong spelling in the package (a missing
 * space, an Arabic ي or ك) shows as a difference.
 */
const officialProvinces = [
  'آذربایجان شرقی',
  'آذربایجان غربی',
  'اردبیل',
  'اصفهان',
  'البرز',
  'ایلام',
  'بوشهر',
  'تهران',
  'چهارمحال و بختیاری',
  'خراسان جنوبی',
  'خراسان رضوی',
  'خراسان شمالی',
  'خوزستان',
  'زنجان',
  'سمنان',
  'سیستان و بلوچستان',
  'فارس',
  'قزوین',
  'قم',
  'کردستان',
  'کرمان',
  'کرمانشاه',
  'کهگیلویه و بویراحمد',
  'گلستان',
  'گیلان',
  'لرستان',
  'مازندران',
  'مرکزی',
  'هرمزگان',
  'همدان',
  'یزد',
];

describe('Persian province names', () => {
  it('are the 31 official names, spaces and letters included', () => {
    expect(listProvinces().map((province) => province.name)).toEqual(officialProvinces);
  });
});

describe('requestLocale', () => {
  const locale = (headers: Record<string, string>) => requestLocale(new Headers(headers));

  it('defaults to Persian', () => {
    expect(locale({})).toBe('fa');
    expect(locale({ 'accept-language': 'de-DE,fr;q=0.8' })).toBe('fa');
  });

  it('takes Accept-Language-site first, then the first supported Accept-Language tag', () => {
    expect(locale({ 'accept-language-site': 'en', 'accept-language': 'fa' })).toBe('en');
    expect(locale({ 'accept-language-site': 'xx', 'accept-language': 'de,en-US;q=0.7' })).toBe('en');
    expect(locale({ 'accept-language': 'fa-IR' })).toBe('fa');
  });
});
