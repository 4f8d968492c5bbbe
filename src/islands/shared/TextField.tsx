import type { InputHTMLAttributes, ReactNode } from 'react';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name' | 'onChange'> {
  name: string;
  /** Makes ids unique per form (several forms on one page may have a `name` field). */
  idPrefix: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
  errors: string[] | undefined;
  hint?: string;
  multiline?: boolean;
  /** Rendered after the control, e.g. the captcha image. */
  addon?: ReactNode;
}

const controlClass =
  'w-full rounded-lg border border-line bg-surface px-3 py-2 text-ink aria-[invalid=true]:border-accent focus-visible:outline-3 focus-visible:outline-accent';

/** A labelled control whose hint and errors are tied to it with aria-describedby. */
export function TextField({
  name,
  idPrefix,
  label,
  value,
  onValue,
  errors,
  hint,
  multiline,
  addon,
  ...rest
}: TextFieldProps) {
  const id = `${idPrefix}-${name}`;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = errors?.length ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  const shared = {
    id,
    name,
    value,
    'aria-invalid': errors?.length ? true : undefined,
    'aria-describedby': describedBy,
    'aria-required': rest.required,
    className: controlClass,
  };
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-bold">
        {label}
      </label>
      {multiline ? (
        <textarea
          {...shared}
          rows={6}
          required={rest.required}
          onChange={(event) => onValue(event.target.value)}
        />
      ) : (
        <input {...rest} {...shared} onChange={(event) => onValue(event.target.value)} />
      )}
      {addon}
      {hint && (
        <p id={hintId} className="text-sm text-ink-muted">
          {hint}
        </p>
      )}
      {errorId && (
        <ul id={errorId} className="text-sm font-bold text-accent">
          {errors?.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
