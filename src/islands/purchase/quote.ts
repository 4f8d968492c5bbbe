import { useEffect, useMemo, useRef, useState } from 'react';
import { fieldErrorsOf, problemOf } from '~/lib/api';
import { quoteRequestOf, type Selection } from '~/lib/commerce';
import type { Locale } from '~/lib/locale';
import type { Quote } from '~/shared/commerce';
import { isUnauthorized } from '../catalog/session';
import { browserApi } from '../shared/api';

export type QuoteState = { quote: Quote; problem: null } | { quote: null; problem: string };

/**
 * POST /payments/quote for the current selection (the purchase dialog's, the shop checkout's). A
 * refused discount code is reported through `onCodeRefused` (the caller drops the code and asks again
 * without it); a refused session through `onLoginNeeded` when the caller handles it; other refusals
 * are shown. `revision` asks again for the same selection when what it buys changed (the cart's lines).
 */
export function useQuote(
  selection: Selection | null,
  locale: Locale,
  handlers: {
    onCodeRefused: (reason: string) => void;
    onLoginNeeded?: () => void;
    revision?: string;
  },
): { state: QuoteState | null; checking: boolean } {
  const api = useMemo(() => browserApi(locale, { quiet: true }), [locale]);
  const request = selection && quoteRequestOf(selection);
  const key = request && JSON.stringify([request, handlers.revision]);
  const [answer, setAnswer] = useState<{ key: string; state: QuoteState } | null>(null);
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    if (!key) return;
    const controller = new AbortController();
    const [body] = JSON.parse(key) as [ReturnType<typeof quoteRequestOf>];
    api<Quote>('/payments/quote', { method: 'POST', body, signal: controller.signal }).then(
      (quote) => setAnswer({ key, state: { quote, problem: null } }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const { onCodeRefused, onLoginNeeded } = latest.current;
        if (onLoginNeeded && isUnauthorized(error)) return onLoginNeeded();
        const refused = fieldErrorsOf(error)['discount_code'];
        if (body.discount_code && refused?.length) return onCodeRefused(refused.join(' '));
        setAnswer({ key, state: { quote: null, problem: problemOf(error, locale) } });
      },
    );
    return () => controller.abort();
  }, [api, key, locale]);
  // While a new quote is on its way the last one stays on screen (nothing jumps), marked as checking.
  return { state: answer?.state ?? null, checking: key !== null && answer?.key !== key };
}
