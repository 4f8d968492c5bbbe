import enContact from 'virtual:strings/en/contact';
import faContact from 'virtual:strings/fa/contact';
import enErrors from 'virtual:strings/en/errors';
import faErrors from 'virtual:strings/fa/errors';
import type { IslandStrings } from './strings';

/** The contact form's. */
export const contactStrings: IslandStrings = {
  fa: { contact: faContact, errors: faErrors },
  en: { contact: enContact, errors: enErrors },
};
