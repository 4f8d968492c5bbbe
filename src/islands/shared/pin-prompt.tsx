import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { createRoot } from 'react-dom/client';
import enFamily from 'virtual:strings/en/account.family';
import faFamily from 'virtual:strings/fa/account.family';
import { translatorOf } from '~/i18n/core';
import { errorMessagesOf } from '~/lib/api';
import { toLatinDigits } from '~/lib/format';
import type { Locale } from '~/lib/locale';
import { NEEDS_PIN, PIN_HEADER } from '~/shared/kids-constants';

/**
 * Asking for a PIN where the server says a request needs one (issue 29: choosing a profile that has a
 * PIN, leaving a kids profile, editing profiles, buying with a purchase PIN). The server decides; the
 * client only asks and sends the request again with the PIN in the X-Pin header. A small modal of its
 * own, opened from any island (or from plain functions such as startPayment), in either language.
 */
const t = /* @__PURE__ */ translatorOf({ fa: { family: faFamily }, en: { family: enFamily } });

type Whose = 'main' | 'profile';

interface Refusal {
  status?: number;
  data?: { code?: string; pin?: Whose; errors?: Record<string, string[]> };
}

/** Whose PIN a refusal asks for: a 403 `pin_required`, or a wrong PIN (422 on `pin`). */
function askedBy(error: unknown): { whose: Whose | null; wrong: boolean } | null {
  const refusal = error as Refusal | null;
  if (refusal?.status === 403 && refusal.data?.code === NEEDS_PIN) {
    return { whose: refusal.data.pin ?? 'main', wrong: false };
  }
  if (refusal?.status === 422 && refusal.data?.errors?.['pin']) return { whose: null, wrong: true };
  return null;
}

/** The headers that carry a PIN, when there is one. */
export function pinHeaders(pin: string | undefined): Record<string, string> {
  return pin === undefined ? {} : { [PIN_HEADER]: pin };
}

/**
 * Runs `call`; when the server asks for a PIN, asks the viewer and runs it again with it, until it
 * passes, the viewer cancels (the refusal is thrown) or the server refuses otherwise (too many tries).
 */
export async function withPin<T>(locale: Locale, call: (pin?: string) => Promise<T>): Promise<T> {
  let pin: string | undefined;
  let whose: Whose = 'main';
  for (;;) {
    try {
      return await call(pin);
    } catch (error) {
      const asked = askedBy(error);
      if (!asked) throw error;
      if (asked.whose) whose = asked.whose;
      const problem = asked.wrong ? errorMessagesOf((error as Refusal).data, locale).join(' ') : undefined;
      const typed = await askPin(locale, whose, problem);
      if (typed === null) throw error;
      pin = typed;
    }
  }
}

/** Opens the PIN dialog; resolves with the four digits typed, or null when the viewer cancels. */
export function askPin(locale: Locale, whose: Whose, problem?: string): Promise<string | null> {
  return new Promise((resolve) => {
    const host = document.createElement('div');
    document.body.append(host);
    const root = createRoot(host);
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const done = (pin: string | null) => {
      root.unmount();
      host.remove();
      opener?.focus();
      resolve(pin);
    };
    root.render(<PinDialog locale={locale} whose={whose} problem={problem} onDone={done} />);
  });
}

function PinDialog({
  locale,
  whose,
  problem,
  onDone,
}: {
  locale: Locale;
  whose: Whose;
  problem: string | undefined;
  onDone: (pin: string | null) => void;
}) {
  const [pin, setPin] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const headingId = useId();
  const problemId = useId();
  useEffect(() => input.current?.focus(), []);
  // Keys stay with this dialog: a purchase dialog beneath it keeps Tab and Escape on the document.
  function onKeyDown(event: KeyboardEvent<HTMLFormElement>) {
    if (event.key !== 'Escape' && event.key !== 'Tab') return;
    event.nativeEvent.stopPropagation();
    if (event.key === 'Escape') return onDone(null);
    const items = [...event.currentTarget.querySelectorAll<HTMLElement>('input, button:not([disabled])')];
    const at = items.indexOf(document.activeElement as HTMLElement);
    event.preventDefault();
    items.at((at + (event.shiftKey ? -1 : 1)) % items.length)?.focus();
  }
  const ready = /^\d{4}$/.test(pin);
  return (
    <div
      className="fixed inset-0 z-50 flex items-center justify-center bg-black/60 p-4"
      lang={locale}
      dir={locale === 'fa' ? 'rtl' : 'ltr'}
    >
      <form
        role="dialog"
        aria-modal="true"
        aria-labelledby={headingId}
        data-pin-dialog={whose}
        className="w-full max-w-sm rounded-2xl bg-surface p-6 text-ink shadow-xl"
        onKeyDown={onKeyDown}
        onSubmit={(event) => {
          event.preventDefault();
          if (ready) onDone(pin);
        }}
      >
        <h2 id={headingId} className="text-xl font-bold">
          {t(locale, 'family.pinPrompt.title')}
        </h2>
        <p className="mt-2 text-ink-muted">{t(locale, `family.pinPrompt.${whose}`)}</p>
        <label className="mt-4 block font-bold">
          {t(locale, 'family.pinPrompt.label')}
          <input
            ref={input}
            type="password"
            inputMode="numeric"
            autoComplete="off"
            maxLength={4}
            dir="ltr"
            value={pin}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? problemId : undefined}
            onChange={(event) => setPin(toLatinDigits(event.target.value).replace(/\D/g, '').slice(0, 4))}
            className="mt-1 block w-full rounded-lg border border-line bg-surface-raised px-3 py-2 text-center text-2xl tracking-[0.5em]"
          />
        </label>
        {problem && (
          <p id={problemId} role="alert" className="mt-2 font-bold text-accent">
            {problem}
          </p>
        )}
        <div className="mt-6 flex justify-end gap-3">
          <button type="button" className="button-secondary" onClick={() => onDone(null)}>
            {t(locale, 'family.pinPrompt.cancel')}
          </button>
          <button type="submit" className="button-primary" disabled={!ready}>
            {t(locale, 'family.pinPrompt.submit')}
          </button>
        </div>
      </form>
    </div>
  );
}
