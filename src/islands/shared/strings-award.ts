import enAward from 'virtual:strings/en/award';
import faAward from 'virtual:strings/fa/award';
import enErrors from 'virtual:strings/en/errors';
import faErrors from 'virtual:strings/fa/errors';
import type { IslandStrings } from './strings';

/** The festival page's audience award (islands/award). */
export const awardStrings: IslandStrings = {
  fa: { award: faAward, errors: faErrors },
  en: { award: enAward, errors: enErrors },
};
