import enErrors from 'virtual:strings/en/errors';
import faErrors from 'virtual:strings/fa/errors';
import enScreenings from 'virtual:strings/en/screenings';
import faScreenings from 'virtual:strings/fa/screenings';
import type { IslandStrings } from './strings';

/** The screening page's small islands (Remind me). */
export const screeningStrings: IslandStrings = {
  fa: { screenings: faScreenings, errors: faErrors },
  en: { screenings: enScreenings, errors: enErrors },
};
