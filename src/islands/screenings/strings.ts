import { translatorOf } from '~/i18n/core';
import enErrors from 'virtual:strings/en/errors';
import faErrors from 'virtual:strings/fa/errors';
import enScreenings from 'virtual:strings/en/screenings';
import faScreenings from 'virtual:strings/fa/screenings';

/** The screening page's islands (Remind me) carry only their own strings. */
export const t = translatorOf({
  fa: { screenings: faScreenings, errors: faErrors },
  en: { screenings: enScreenings, errors: enErrors },
});
