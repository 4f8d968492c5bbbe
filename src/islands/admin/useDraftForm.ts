import { useState, type SubmitEvent } from 'react';
import { fieldErrorsOf } from '~/lib/api';

/**
 * A console form that creates something: the draft as typed, the API's refusals by field and whether it
 * is busy. `send` posts the draft (and says what was made); once it has, the form starts empty again.
 */
export function useDraftForm<Draft>(empty: Draft, send: (draft: Draft) => Promise<void>) {
  const [draft, setDraft] = useState(empty);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);
  const set = (key: keyof Draft) => (value: string) => setDraft((now) => ({ ...now, [key]: value }));

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    try {
      await send(draft);
      setDraft(empty);
      setErrors({});
    } catch (error) {
      setErrors(fieldErrorsOf(error));
    } finally {
      setBusy(false);
    }
  }

  return { draft, setDraft, set, errors, busy, submit };
}
