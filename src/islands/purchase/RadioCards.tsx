import { useId, type ReactNode } from 'react';

export interface RadioCard {
  value: string;
  label: ReactNode;
  hint?: ReactNode;
  /** Shown at the line's end, e.g. a price. */
  aside?: ReactNode;
}

/**
 * A labelled group of radio buttons drawn as cards (what to buy, which gateway): the whole card is the
 * label, so a thumb can hit it anywhere; arrows move between cards as in any radio group.
 */
export function RadioCards({
  legend,
  options,
  value,
  onChange,
  note,
  disabled = false,
}: {
  legend: string;
  options: RadioCard[];
  value: string | null;
  onChange: (value: string) => void;
  /** A line under the cards about all of them. */
  note?: string | undefined;
  /** Shown but not yet choosable (a server-rendered list before its island hydrates). */
  disabled?: boolean;
}) {
  const name = useId();
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 font-bold">{legend}</legend>
      {options.map((option) => (
        <label
          key={option.value}
          className="grid min-h-12 cursor-pointer grid-cols-[auto_1fr] items-center gap-x-3 rounded-lg border border-line px-3 py-2 has-checked:border-accent has-checked:bg-accent-soft has-focus-visible:outline-3 has-focus-visible:outline-accent sm:grid-cols-[auto_1fr_auto]"
        >
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
            disabled={disabled}
            className="row-span-3 size-6 accent-accent focus-visible:outline-none"
          />
          <span className="font-bold">{option.label}</span>
          {option.hint && <span className="text-sm text-ink-muted">{option.hint}</span>}
          {/* Under the name on phones, at the line's end from sm up. */}
          {option.aside && (
            <span className="font-bold sm:col-start-3 sm:row-span-2 sm:row-start-1">{option.aside}</span>
          )}
        </label>
      ))}
      {note && <p className="text-sm text-ink-muted">{note}</p>}
    </fieldset>
  );
}
