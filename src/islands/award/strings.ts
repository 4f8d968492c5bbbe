import { translatorOf } from '~/i18n/core';
import { awardStrings } from '../shared/strings-award';

/** The audience award's island is not wrapped in a provider: it carries only its own strings. */
export const t = translatorOf(awardStrings);
