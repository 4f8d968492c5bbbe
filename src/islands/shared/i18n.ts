import { createInstance, type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { resources } from '~/i18n';
import type { Locale } from '~/lib/locale';

/**
 * An i18next instance per island root, on the same JSON as the pages' t(). Initialised synchronously so
 * the server-rendered markup and the first client render say the same words.
 */
export function createIslandI18n(locale: Locale): i18n {
  const instance = createInstance();
  void instance.use(initReactI18next).init({
    lng: locale,
    fallbackLng: false,
    resources: { fa: { translation: resources.fa }, en: { translation: resources.en } },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}
