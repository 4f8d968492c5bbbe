import { useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { createApiClient } from '~/lib/api';
import type { Locale } from '~/lib/locale';
import type { Suggestion, Suggestions } from '~/shared/catalog';
import { IslandRoot } from '../auth/IslandRoot';

/** Long enough that a word typed at speed asks once, short enough to feel immediate. */
const DEBOUNCE_MS = 150;

interface Props {
  locale: Locale;
  /** The words the page was searched with (the field's value without script). */
  value: string;
  placeholder: string;
  inputClass: string;
}

/**
 * The search box's suggestions (issue 25): the ARIA 1.2 combobox pattern on the search form's own
 * field, so the form still submits the words as typed. Typing asks GET /search/suggest after a pause
 * (a newer keystroke aborts the request still on its way); ↓/↑ move through the list, Enter opens the
 * chosen suggestion (a title's page; for a person or a genre, the full search filtered by it) or,
 * with none chosen, submits the form; Escape closes the list; how many suggestions there are is
 * announced in a status region. Without script the plain field submits the search as before.
 */
function Combobox({ locale, value, placeholder, inputClass }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const listId = `${id}-list`;
  // Anonymous: suggestions are the same for everyone, so shared caches may keep them.
  const api = useMemo(() => createApiClient({ locale, notify: { error: () => undefined } }), [locale]);
  const [text, setText] = useState(value);
  const [items, setItems] = useState<Suggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [status, setStatus] = useState('');
  const request = useRef<AbortController | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const field = useRef<HTMLInputElement>(null);

  useEffect(
    () => () => {
      clearTimeout(timer.current);
      request.current?.abort();
    },
    [],
  );

  const ask = useCallback(
    (q: string) => {
      clearTimeout(timer.current);
      request.current?.abort();
      if (!q.trim()) {
        setItems([]);
        setOpen(false);
        setActive(-1);
        setStatus('');
        return;
      }
      timer.current = setTimeout(() => {
        const controller = new AbortController();
        request.current = controller;
        api<Suggestions>('/search/suggest', {
          query: { q: q.slice(0, 100) },
          signal: controller.signal,
        }).then(
          (answer) => {
            if (controller.signal.aborted) return;
            setItems(answer.items);
            setOpen(answer.items.length > 0);
            setActive(-1);
            const n = answer.items.length;
            setStatus(
              n === 0
                ? t('catalog.search.suggestionNone')
                : t('catalog.search.suggestionCount', { count: n }),
            );
          },
          () => {
            // An aborted or failed request leaves the list as it was; the form still searches.
          },
        );
      }, DEBOUNCE_MS);
    },
    [api, t],
  );

  // Words typed before the island hydrated (client:idle) are in the field but were never seen: ask now.
  const typedEarly = useRef(true);
  useEffect(() => {
    if (!typedEarly.current) return;
    typedEarly.current = false;
    const early = field.current?.value ?? value;
    if (early === value) return;
    setText(early);
    ask(early);
  }, [value, ask]);

  function choose(item: Suggestion) {
    setOpen(false);
    window.location.assign(item.href);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const count = items.length;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        if (count === 0) return;
        event.preventDefault();
        const down = event.key === 'ArrowDown';
        if (!open) {
          setOpen(true);
          setActive(down ? 0 : count - 1);
          return;
        }
        setActive((current) => (down ? (current + 1) % count : current <= 0 ? count - 1 : current - 1));
        return;
      }
      case 'Enter': {
        const item = open ? items[active] : undefined;
        if (!item) return; // the form submits the words
        event.preventDefault();
        choose(item);
        return;
      }
      case 'Escape':
        if (!open) return;
        event.preventDefault();
        setOpen(false);
        setActive(-1);
        return;
    }
  }

  const optionId = (index: number) => `${id}-option-${index}`;
  const expanded = open && items.length > 0;
  return (
    <div className="relative w-full">
      <input
        ref={field}
        id="search-q"
        name="q"
        // A text field: HTML allows the combobox role on it, not on type="search" (Nu HTML Checker).
        type="text"
        inputMode="search"
        value={text}
        placeholder={placeholder}
        className={inputClass}
        dir="auto"
        enterKeyHint="search"
        autoComplete="off"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        onChange={(event) => {
          setText(event.target.value);
          ask(event.target.value);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
        onFocus={() => setOpen(items.length > 0)}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label={t('catalog.search.suggestions')}
        hidden={!expanded}
        className="absolute inset-x-0 top-full z-30 mt-1 max-h-[60vh] overflow-y-auto rounded-lg border border-line bg-surface-raised py-1 shadow-lg"
      >
        {items.map((item, index) => (
          <li
            key={`${item.kind}-${item.href}`}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            data-suggestion={item.kind}
            // Keeps the focus in the field, so choosing by pointer does not close the list first.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(item)}
            onMouseMove={() => setActive(index)}
            className="flex min-h-11 cursor-pointer items-center justify-between gap-3 px-3 py-1.5 text-start aria-selected:bg-accent-soft"
          >
            <span className="flex min-w-0 flex-col">
              <bdi className="truncate font-bold">{item.name}</bdi>
              {item.other_name !== item.name && (
                <bdi className="truncate text-sm text-ink-muted">{item.other_name}</bdi>
              )}
            </span>
            <span className="shrink-0 text-sm text-ink-muted">
              {item.kind === 'title' && item.title_kind
                ? t(`catalog.kinds.${item.title_kind}`)
                : t(`catalog.search.suggestionKinds.${item.kind}`)}
            </span>
          </li>
        ))}
      </ul>
      <p role="status" className="sr-only">
        {status}
      </p>
    </div>
  );
}

export default function SearchSuggest(props: Props) {
  return (
    <IslandRoot locale={props.locale}>
      <Combobox {...props} />
    </IslandRoot>
  );
}
