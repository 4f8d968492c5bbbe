import { useMemo, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { Locale } from '~/lib/locale';
import { createIslandI18n } from '../shared/i18n';
import type { IslandStrings } from '../shared/strings';
import { viewerStrings } from '../shared/strings-viewer';
import { Toasts } from '../shared/Toasts';

/**
 * What every account island needs around it: its strings (the viewer's namespaces unless it names
 * others, as the console does) and the (single) toast region.
 */
export function IslandRoot({
  locale,
  strings = viewerStrings,
  children,
}: {
  locale: Locale;
  strings?: IslandStrings;
  children: ReactNode;
}) {
  const i18n = useMemo(() => createIslandI18n(locale, strings), [locale, strings]);
  return (
    <I18nextProvider i18n={i18n}>
      {children}
      <Toasts locale={locale} />
    </I18nextProvider>
  );
}
