import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';

interface DialogProps {
  open: boolean;
  onClose: () => void;
  /** id of the heading that names the dialog (each login step has its own heading). */
  labelledBy: string;
  children: ReactNode;
  /**
   * Where focus goes on closing when what opened the dialog is gone: the header's plain button is
   * replaced by the island it loads, so the first opening has no opener left to return to.
   */
  fallbackFocus?: () => HTMLElement | null | undefined;
}

const focusable =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog: focus moves in and stays in (Tab wraps), Escape and the close button close it, and
 * focus returns to whatever opened it. Not the native <dialog>: its top layer would cover the toast
 * region, and the API's error toasts must stay visible above the form they are about, in the band
 * the overlay leaves free at the top.
 */
export function Dialog({ open, onClose, labelledBy, children, fallbackFocus }: DialogProps) {
  const { t } = useTranslation();
  const panel = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  const fallback = useRef(fallbackFocus);
  useEffect(() => {
    close.current = onClose;
    fallback.current = fallbackFocus;
  }, [onClose, fallbackFocus]);

  // A layout effect runs before the steps' own effects move focus to their first field, so what had
  // focus before the dialog opened is still known here.
  useLayoutEffect(() => {
    if (!open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    function onKey(event: KeyboardEvent) {
      if (event.key === 'Escape') {
        event.stopPropagation();
        close.current();
        return;
      }
      if (event.key !== 'Tab' || !panel.current) return;
      const items = [...panel.current.querySelectorAll<HTMLElement>(focusable)];
      const first = items[0];
      const last = items.at(-1);
      if (!first || !last) return;
      const inside = panel.current.contains(document.activeElement);
      if (event.shiftKey && (document.activeElement === first || !inside)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (document.activeElement === last || !inside)) {
        event.preventDefault();
        first.focus();
      }
    }
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      const back = opener?.isConnected && opener !== document.body ? opener : fallback.current?.();
      back?.focus();
    };
  }, [open]);

  if (!open) return null;
  return createPortal(
    // The top band is kept for the toasts (top-center, SPEC §8): one never covers the dialog's title or
    // buttons, however tall the dialog (issue 25). The overlay scrolls, so nothing is out of reach.
    <div className="fixed inset-0 z-50 flex items-start justify-center overflow-y-auto bg-black/60 p-4 pt-28 sm:items-center">
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        className="relative w-full max-w-md rounded-2xl border border-line bg-surface p-6 text-ink shadow-xl"
      >
        <button
          type="button"
          onClick={onClose}
          className="absolute end-3 top-3 inline-flex size-11 items-center justify-center rounded-full hover:bg-surface-raised"
        >
          <span className="sr-only">{t('auth.close')}</span>
          <svg
            className="size-5"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            aria-hidden="true"
          >
            <path d="M6 6l12 12M18 6L6 18" />
          </svg>
        </button>
        {children}
      </div>
    </div>,
    document.body,
  );
}
