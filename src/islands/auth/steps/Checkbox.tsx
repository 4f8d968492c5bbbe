import type { ReactNode } from 'react';

interface CheckboxProps {
  id: string;
  name: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  errors: string[] | undefined;
  children: ReactNode;
}

/** A checkbox whose label may hold a link (the terms), with its errors tied to it like a text field's. */
export function Checkbox({ id, name, checked, onChange, errors, children }: CheckboxProps) {
  const errorId = errors?.length ? `${id}-error` : undefined;
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-start gap-3">
        <input
          id={id}
          name={name}
          type="checkbox"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          aria-invalid={errorId ? true : undefined}
          aria-describedby={errorId}
          aria-required
          className="mt-1.5 size-5 shrink-0 accent-accent"
        />
        <label htmlFor={id}>{children}</label>
      </div>
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
