import { persistentAtom } from '@nanostores/persistent';
import { map } from 'nanostores';
import type { Currency, Gateway } from '~/shared/commerce';
import { storageKeys } from './keys';

export type { Currency, Gateway } from '~/shared/commerce';

export interface Place {
  id: number;
  name: string;
  en_name: string;
}

export interface CoreState {
  countries: Place[];
  states: Place[];
  defaultAvatars: string[];
  cities: Place[];
  deliveryMethods: unknown[];
  gateways: Gateway[];
  default_gateway: Gateway['type'] | null;
  /** Where the visitor is: IRR inside Iran, USD elsewhere (from the API, never guessed in the browser). */
  location_currency: Currency | null;
  is_eea: boolean;
  packages: unknown[];
}

export const $core = map<CoreState>({
  countries: [],
  states: [],
  defaultAvatars: [],
  cities: [],
  deliveryMethods: [],
  gateways: [],
  default_gateway: null,
  location_currency: null,
  is_eea: false,
  packages: [],
});

/** The viewer's chosen currency; unset until chosen, until then the location's currency applies. */
export const $currency = persistentAtom<Currency | undefined>(storageKeys.currency, undefined);

/** The currency prices are shown in: the stored choice, else the one of the visitor's location. */
export function effectiveCurrency(stored: Currency | undefined, location: Currency | null): Currency {
  return stored ?? location ?? 'IRR';
}

/** SPEC §9: a stored IRR shows prices in toman (rials / 10), a display unit only. */
export function showsToman(currency: Currency): boolean {
  return currency === 'IRR';
}
