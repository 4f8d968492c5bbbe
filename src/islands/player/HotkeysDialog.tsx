import { useEffect, useId, useRef } from 'react';
import { hotkeyList } from '~/lib/player/hotkeys';
import type { PlayerStrings } from '~/lib/player/text';
import type { Locale } from '~/lib/locale';

/**
 * The player's keyboard shortcuts, opened with "?" or from the settings panel. A native modal <dialog>
 * as the report dialog is: in the top layer (above the player in full screen too), the page behind it
 * inert so focus stays inside, Escape closes it and focus returns to what opened it.
 */
export function HotkeysDialog({
  locale,
  strings,
  onClose,
}: {
  locale: Locale;
  strings: PlayerStrings;
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const element = dialog.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    element?.showModal();
    return () => {
      element?.close();
      opener?.focus();
    };
  }, []);

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onClose={onClose}
      onKeyDown={(event) => {
        // Tab cycles inside the dialog: the browser would otherwise move on to its own toolbar.
        if (event.key !== 'Tab') return;
        const focusable = [...event.currentTarget.querySelectorAll<HTMLElement>('button, [href]')];
        const first = focusable[0];
        const last = focusable.at(-1);
        if (event.shiftKey ? document.activeElement === first : document.activeElement === last) {
          event.preventDefault();
          (event.shiftKey ? last : first)?.focus();
        }
      }}
      dir={locale === 'fa' ? 'rtl' : 'ltr'}
      className="m-auto w-[min(28rem,calc(100%-2rem))] rounded-2xl bg-surface p-6 text-ink shadow-2xl backdrop:bg-black/60"
      data-hotkeys-dialog
    >
      <h2 id={titleId} className="text-xl font-bold">
        {strings.help.title}
      </h2>
      <dl className="mt-4 grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-2">
        {hotkeyList.map(({ keys, action }) => (
          <div key={action} className="contents">
            <dt className="flex gap-1" dir="ltr">
              {keys.map((key) => (
                <kbd
                  key={key}
                  className="min-w-8 rounded border border-line px-2 py-0.5 text-center font-mono"
                >
                  {key === 'Space' ? strings.help.space : key}
                </kbd>
              ))}
            </dt>
            <dd>{strings.help.actions[action]}</dd>
          </div>
        ))}
      </dl>
      <button type="button" className="button-primary mt-6" onClick={onClose}>
        {strings.help.close}
      </button>
    </dialog>
  );
}
