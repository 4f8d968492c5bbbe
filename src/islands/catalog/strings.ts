import { translatorOf } from '~/i18n/core';
import { socialStrings } from '../shared/strings-social';

/**
 * The title page's small islands (reactions, favourite, comments) are not wrapped in an i18next
 * provider: they call this t(), the pages' t() on only the namespaces they show.
 */
export const t = translatorOf(socialStrings);
