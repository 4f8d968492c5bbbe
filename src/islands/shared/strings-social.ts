import enCatalog from 'virtual:strings/en/catalog';
import faCatalog from 'virtual:strings/fa/catalog';
import enErrors from 'virtual:strings/en/errors';
import faErrors from 'virtual:strings/fa/errors';
import type { IslandStrings } from './strings';

/** The title page's small islands (reactions, favourite, comments). */
export const socialStrings: IslandStrings = {
  fa: { catalog: faCatalog, errors: faErrors },
  en: { catalog: enCatalog, errors: enErrors },
};
