import { translatorOf } from '~/i18n/core';
import { screeningStrings } from '../shared/strings-screenings';

/** The screening page's islands (Remind me) are not wrapped in a provider: they carry only their own strings. */
export const t = translatorOf(screeningStrings);
