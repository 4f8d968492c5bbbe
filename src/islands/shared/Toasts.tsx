import { useSyncExternalStore } from 'react';
import { Toaster } from 'sonner';
import type { Locale } from '~/lib/shell';

type Theme = 'light' | 'dark';

function documentTheme(): Theme {
  return document.documentElement.dataset['theme'] === 'dark' ? 'dark' : 'light';
}

function subscribeToTheme(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  return () => observer.disconnect();
}

/** Follows the page's theme toggle, which changes data-theme on <html> without telling React. */
function useDocumentTheme(): Theme {
  return useSyncExternalStore(subscribeToTheme, documentTheme, () => 'light');
}

/**
 * The toast region (SPEC §8: top-center, 5 s). Mounted by the islands that can toast, so content pages
 * never load sonner or React just to be ready for a toast.
 */
export function Toasts({ locale }: { locale: Locale }) {
  const theme = useDocumentTheme();
  return (
    <Toaster
      position="top-center"
      duration={5000}
      dir={locale === 'fa' ? 'rtl' : 'ltr'}
      theme={theme}
      richColors
      closeButton
      toastOptions={{ style: { fontFamily: 'inherit' } }}
    />
  );
}
