import { createRequire } from 'node:module';
import { notFound } from '../errors';
import {
  cityEnglishNames,
  provinceCapitals,
  provinceEnglishNames,
  provincePersianNames,
} from './place-names';
import { romanizePersian } from './transliterate';

/** Iran's provinces (ostan) and cities (shahr) from iran-cities-json, with English names added. */

export interface Province {
  id: number;
  name: string;
  enName: string;
}

export interface City extends Province {
  provinceId: number;
  isCapital: boolean;
}

interface Places {
  provinces: Province[];
  citiesByProvince: Map<number, City[]>;
}

interface PackageProvince {
  id: number;
  name: string;
}

interface PackageCity extends PackageProvince {
  ostan: number;
}

let places: Places | undefined;

/** Read once, on first use, straight from the package: no copy of its tables lives in this repository. */
function loadPlaces(): Places {
  if (places) return places;
  const require = createRequire(import.meta.url);
  const ostan = require('iran-cities-json/ostan.json') as PackageProvince[];
  const shahr = require('iran-cities-json/shahr.json') as PackageCity[];
  const provinces = ostan.map(({ id, name }) => ({
    id,
    name: provincePersianNames[id] ?? name,
    enName: provinceEnglishNames[id] ?? romanizePersian(name),
  }));
  const citiesByProvince = new Map<number, City[]>(provinces.map((province) => [province.id, []]));
  for (const { id, name, ostan: provinceId } of shahr) {
    citiesByProvince.get(provinceId)?.push({
      id,
      name,
      enName: cityEnglishNames[name] ?? romanizePersian(name),
      provinceId,
      isCapital: provinceCapitals[provinceId] === name,
    });
  }
  places = { provinces, citiesByProvince };
  return places;
}

export function listProvinces(): Province[] {
  return loadPlaces().provinces;
}

export function provinceWithCities(id: number): { province: Province; cities: City[] } {
  const { provinces, citiesByProvince } = loadPlaces();
  const province = provinces.find((candidate) => candidate.id === id);
  if (!province) throw notFound('state_not_found');
  return { province, cities: citiesByProvince.get(id) ?? [] };
}
