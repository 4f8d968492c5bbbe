import type { ReactNode } from 'react';

/**
 * The title form's building blocks: a labelled control tied to its hint and the server's messages for
 * it (aria-describedby, aria-invalid), a checkbox with its label, and a fieldset with its legend.
 */

export const controlClass =
  'min-h-11 w-full rounded-lg border border-line bg-surface px-3 py-2 text-ink aria-[invalid=true]:border-accent';

/** The server's field messages, keyed by the API's dotted field path. */
export type FieldErrors = Record<string, string[]>;

export interface ControlProps {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

interface FieldProps {
  id: string;
  label: string;
  errors: FieldErrors;
  /** The API's path of the field, for its messages. */
  name: string;
  hint?: string | undefined;
  children: (props: ControlProps) => ReactNode;
}

export function Field({ id, label, errors, name, hint, children }: FieldProps) {
  const messages = errors[name];
  const described = [hint ? `${id}-hint` : null, messages ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <label htmlFor={id} className="font-bold">
        {label}
      </label>
      {children({
        id,
        ...(messages ? { 'aria-invalid': true as const } : {}),
        ...(described ? { 'aria-describedby': described } : {}),
      })}
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-ink-muted">
          {hint}
        </p>
      )}
      {messages && (
        <ul id={`${id}-error`} className="text-sm font-bold text-accent">
          {messages.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function Check({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (value: boolean) => void;
}) {
  return (
    <label className="flex min-h-11 items-center gap-2">
      <input
        type="checkbox"
        className="size-6"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      {label}
    </label>
  );
}

export function Group({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="flex min-w-0 flex-col gap-3 rounded-2xl border border-line p-4">
      <legend className="px-1 text-lg font-bold">{legend}</legend>
      {children}
    </fieldset>
  );
}
