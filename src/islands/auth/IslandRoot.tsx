import { useMemo, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { Locale } from '~/lib/locale';
import { createIslandI18n } from '../shared/i18n';
import { Toasts } from '../shared/Toasts';

/** What every account island needs around it: its strings and the (single) toast region. */
export function IslandRoot({ locale, children }: { locale: Locale; children: ReactNode }) {
  const i18n = useMemo(() => createIslandI18n(locale), [locale]);
  return (
    <I18nextProvider i18n={i18n}>
      {children}
      <Toasts locale={locale} />
    </I18nextProvider>
  );
}
