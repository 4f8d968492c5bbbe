import { useCallback, useEffect, useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { fieldErrorsOf } from '~/lib/api';
import { formatDate, formatNumber, localDigits, longDateTime } from '~/lib/format';
import type { Locale } from '~/lib/locale';
import { browserApi } from '~/islands/shared/api';
import type { StaffCafeSession, TitleCafeSessions } from '~/shared/staff-catalogue';
import { controlClass, Field, type FieldErrors } from './catalogue-controls';
import { dollarsOf, fromLocalInput, numberOf, toLocalInput } from './catalogue-form';

/**
 * A title's sessions at the cafes: scheduled, changed and removed here. The server keeps a session
 * above the seats already sold or held, and a booked one at its cafe; its messages show beside the form.
 */

interface SessionForm {
  cafe_id: string;
  starts_at: string;
  ends_at: string;
  seats: string;
  price_irr: string;
  price_usd: string;
}

const emptySession: SessionForm = {
  cafe_id: '',
  starts_at: '',
  ends_at: '',
  seats: '',
  price_irr: '',
  price_usd: '',
};

function formOfSession(session: StaffCafeSession): SessionForm {
  return {
    cafe_id: String(session.cafe_id),
    starts_at: toLocalInput(session.starts_at),
    ends_at: toLocalInput(session.ends_at),
    seats: String(session.seats),
    price_irr: String(session.price_irr),
    price_usd: dollarsOf(session.price_usd),
  };
}

export function CatalogueCafeSessions({ locale, titleId }: { locale: Locale; titleId: number }) {
  const { t } = useTranslation();
  const [data, setData] = useState<TitleCafeSessions | null>(null);
  const [form, setForm] = useState<SessionForm>(emptySession);
  const [editing, setEditing] = useState<number | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  const load = useCallback(
    () =>
      browserApi(locale)<TitleCafeSessions>(`/staff/catalogue/titles/${titleId}/cafe-sessions`).then(
        setData,
        () => undefined,
      ),
    [locale, titleId],
  );
  useEffect(() => {
    void load();
  }, [load]);

  if (!data) return null;
  const cafeName = (id: number) => {
    const cafe = data.cafes.find((item) => item.id === id);
    return cafe ? (locale === 'fa' ? cafe.name : cafe.en_name) : localDigits(id, locale);
  };

  const save = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      const body = {
        cafe_id: numberOf(form.cafe_id),
        starts_at: fromLocalInput(form.starts_at),
        ends_at: fromLocalInput(form.ends_at),
        seats: numberOf(form.seats),
        price_irr: numberOf(form.price_irr),
        price_usd: numberOf(form.price_usd, 100),
      };
      const answer = await browserApi(locale)<{ message: string }>(
        editing === null
          ? `/staff/catalogue/titles/${titleId}/cafe-sessions`
          : `/staff/catalogue/cafe-sessions/${editing}`,
        { method: editing === null ? 'POST' : 'PUT', body },
      );
      toast.success(answer.message);
      setErrors({});
      setForm(emptySession);
      setEditing(null);
      await load();
    } catch (error) {
      setErrors(fieldErrorsOf(error));
    } finally {
      setBusy(false);
    }
  };

  const remove = async (id: number) => {
    try {
      const answer = await browserApi(locale)<{ message: string }>(`/staff/catalogue/cafe-sessions/${id}`, {
        method: 'DELETE',
      });
      toast.success(answer.message);
      await load();
    } catch {
      // The client has already said why.
    }
  };

  const input = (field: keyof SessionForm, label: string, extra: { type?: string; hint?: string } = {}) => (
    <Field id={`cafe-session-${field}`} name={field} label={label} errors={errors} hint={extra.hint}>
      {(props) => (
        <input
          {...props}
          type={extra.type ?? 'text'}
          dir="ltr"
          inputMode={extra.type ? undefined : 'decimal'}
          className={controlClass}
          value={form[field]}
          onChange={(event) => setForm({ ...form, [field]: event.target.value })}
        />
      )}
    </Field>
  );
  const when = (value: string) => {
    const iso = fromLocalInput(value);
    return iso && !Number.isNaN(Date.parse(iso)) ? formatDate(iso, locale, longDateTime) : undefined;
  };

  return (
    <section
      aria-labelledby="title-cafe-sessions"
      className="flex flex-col gap-4 rounded-2xl border border-line p-4"
      data-cafe-sessions
    >
      <h2 id="title-cafe-sessions" className="text-lg font-bold">
        {t('adminCatalogue.cafes.heading')}
      </h2>
      {data.sessions.length === 0 ? (
        <p>{t('adminCatalogue.cafes.none')}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-line rounded-xl border border-line">
          {data.sessions.map((session) => (
            <li key={session.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
              <div className="flex min-w-0 flex-col">
                <span className="font-bold">
                  <bdi>{cafeName(session.cafe_id)}</bdi>
                </span>
                <span className="text-sm">{formatDate(session.starts_at, locale, longDateTime)}</span>
                <span className="text-sm text-ink-muted">
                  {t('adminCatalogue.cafes.seatsLine', {
                    sold: formatNumber(session.sold, locale),
                    reserved: formatNumber(session.reserved, locale),
                    count: session.seats,
                  })}
                </span>
              </div>
              <div className="flex gap-2">
                <button
                  type="button"
                  className="button-secondary min-h-11"
                  onClick={() => {
                    setEditing(session.id);
                    setForm(formOfSession(session));
                    setErrors({});
                  }}
                >
                  {t('adminCatalogue.edit')}
                </button>
                <button
                  type="button"
                  className="button-secondary min-h-11"
                  onClick={() => void remove(session.id)}
                >
                  {t('adminCatalogue.remove')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}

      <form onSubmit={save} noValidate className="flex flex-col gap-3" data-cafe-session-form>
        <h3 className="font-bold">
          {editing === null ? t('adminCatalogue.cafes.schedule') : t('adminCatalogue.cafes.change')}
        </h3>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field
            id="cafe-session-cafe_id"
            name="cafe_id"
            label={t('adminCatalogue.cafes.cafe')}
            errors={errors}
          >
            {(props) => (
              <select
                {...props}
                className={controlClass}
                value={form.cafe_id}
                onChange={(event) => setForm({ ...form, cafe_id: event.target.value })}
              >
                <option value="">{t('adminCatalogue.cafes.chooseCafe')}</option>
                {data.cafes.map((cafe) => (
                  <option key={cafe.id} value={cafe.id}>
                    {t('adminCatalogue.cafes.cafeOption', {
                      name: locale === 'fa' ? cafe.name : cafe.en_name,
                      count: cafe.capacity,
                    })}
                  </option>
                ))}
              </select>
            )}
          </Field>
          {input('seats', t('adminCatalogue.cafes.seats'))}
          {input('starts_at', t('adminCatalogue.fields.startsAt'), {
            type: 'datetime-local',
            hint: when(form.starts_at),
          })}
          {input('ends_at', t('adminCatalogue.fields.endsAt'), {
            type: 'datetime-local',
            hint: when(form.ends_at),
          })}
          {input('price_irr', t('adminCatalogue.cafes.priceIrr'))}
          {input('price_usd', t('adminCatalogue.cafes.priceUsd'), {
            hint: t('adminCatalogue.hints.priceUsd'),
          })}
        </div>
        <div className="flex flex-wrap gap-2">
          <button type="submit" className="button-primary min-h-11" disabled={busy}>
            {editing === null ? t('adminCatalogue.cafes.schedule') : t('adminCatalogue.save')}
          </button>
          {editing !== null && (
            <button
              type="button"
              className="button-secondary min-h-11"
              onClick={() => {
                setEditing(null);
                setForm(emptySession);
                setErrors({});
              }}
            >
              {t('adminCatalogue.cafes.cancel')}
            </button>
          )}
        </div>
      </form>
    </section>
  );
}
