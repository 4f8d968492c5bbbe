import { useState, type SubmitEvent } from 'react';
import { fieldErrorsOf } from '~/lib/api';

type Errors<T> = Partial<Record<keyof T & string, string[]>>;

/**
 * Values, field errors and the busy flag of one small form. The API client has already toasted every
 * message (SPEC §8); a failure here also marks the fields it names (aria-invalid) and focuses the first.
 */
export function useForm<T extends Record<string, string>>(initial: T, idPrefix: string) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<Errors<T>>({});
  const [busy, setBusy] = useState(false);
  // A callback ref kept in state (not useRef), so the returned object is plain render data.
  const [formElement, bindForm] = useState<HTMLFormElement | null>(null);

  const set = (field: keyof T & string, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const bind = (field: keyof T & string) => ({
    name: field,
    idPrefix,
    value: values[field],
    errors: errors[field],
    onValue: (value: string) => set(field, value),
  });

  /** Runs `action` once at a time; a failure is turned into field errors (and otherwise swallowed). */
  const submit = (action: () => Promise<void>) => async (event?: SubmitEvent<HTMLFormElement>) => {
    event?.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      await action();
    } catch (error) {
      const fields = fieldErrorsOf(error) as Errors<T>;
      setErrors(fields);
      const first = Object.keys(fields)[0];
      if (first) formElement?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
    } finally {
      setBusy(false);
    }
  };

  return { values, set, errors, bind, busy, submit, bindForm };
}
