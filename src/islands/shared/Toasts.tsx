import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import { useEffect, useId, useSyncExternalStore } from 'react';
import { Toaster } from 'sonner';
import type { Locale } from '~/lib/locale';

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
 * Islands share modules, so this list is common to every island on the page: the header's account
 * island and a page's own island may both mount <Toasts>, and only the first one mounted renders, or
 * every toast would show twice.
 */
const $mounted = atom<string[]>([]);

/**
 * The toast region (SPEC §8: top-center, 5 s). Mounted by the islands that can toast, so content pages
 * never load sonner or React just to be ready for a toast.
 */
export function Toasts({ locale }: { locale: Locale }) {
  const theme = useDocumentTheme();
  const id = useId();
  const mounted = useStore($mounted);
  useEffect(() => {
    $mounted.set([...$mounted.get(), id]);
    return () => $mounted.set($mounted.get().filter((other) => other !== id));
  }, [id]);
  if (mounted[0] !== id) return null;
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
