import type { Strings } from '~/i18n/core';
import type { Locale } from '~/lib/locale';

/*
 * The namespaces of src/i18n an island root loads, one module per set: each namespace is a module of
 * its own (virtual:strings/<locale>/<namespace>, see src/i18n/namespace-modules.ts) and so is each set,
 * so an island's bundle carries only the namespaces of the set it imports, never the pages' (home,
 * player…) nor the API's messages. tests/unit/island-strings.test.ts checks each root loads every
 * namespace it names.
 */

/** Some namespaces of src/i18n in both languages (the island picks its language when it renders). */
export type IslandStrings = Record<Locale, Strings>;
