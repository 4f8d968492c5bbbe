import type { Locale } from '~/lib/locale';
import { formatDate, longDateTime } from '~/lib/format';
import { controlClass, Field, type FieldErrors } from './catalogue-controls';
import { fromLocalInput, type TitleForm } from './catalogue-form';

/** The fields of the title form that hold text, as inputs or text areas. */
type TextField = {
  [K in keyof TitleForm]: TitleForm[K] extends string ? K : never;
}[keyof TitleForm];

interface TextOptions {
  hint?: string | undefined;
  type?: string;
  dir?: 'ltr' | 'rtl';
  multiline?: boolean;
  /** The API's path when it is not the form's name (prices live under `sale`). */
  path?: string;
  inputMode?: 'numeric' | 'decimal';
}

/** What a datetime-local holds, in the reader's calendar (Solar Hijri in Persian), under the control. */
function whenHint(value: string, locale: Locale): string | undefined {
  const iso = fromLocalInput(value);
  if (!iso || Number.isNaN(Date.parse(iso))) return undefined;
  return formatDate(iso, locale, longDateTime);
}

/** Sets one field of the title form. */
export type SetField = <K extends keyof TitleForm>(field: K, value: TitleForm[K]) => void;

/**
 * The text controls of the title form, each with its label, hint and the server's messages for it:
 * `text` for inputs and text areas, `moment` for a date and time with the reader's calendar under it.
 */
export function titleControls(form: TitleForm, errors: FieldErrors, set: SetField, locale: Locale) {
  const text = (field: TextField, label: string, extra: TextOptions = {}) => (
    <Field id={`title-${field}`} name={extra.path ?? field} label={label} errors={errors} hint={extra.hint}>
      {(props) => {
        const shared = {
          ...props,
          name: field,
          dir: extra.dir,
          className: controlClass,
          value: form[field],
        };
        return extra.multiline ? (
          <textarea {...shared} rows={4} onChange={(event) => set(field, event.target.value)} />
        ) : (
          <input
            {...shared}
            type={extra.type ?? 'text'}
            inputMode={extra.inputMode}
            onChange={(event) => set(field, event.target.value)}
          />
        );
      }}
    </Field>
  );
  const moment = (field: TextField, label: string) =>
    text(field, label, { type: 'datetime-local', dir: 'ltr', hint: whenHint(form[field], locale) });

  return { text, moment };
}

export type TitleControls = ReturnType<typeof titleControls>;
