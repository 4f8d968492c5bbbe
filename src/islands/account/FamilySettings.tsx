import { useStore } from '@nanostores/react';
import type { $Fetch } from 'ofetch';
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { problemOf } from '~/lib/api';
import { toLatinDigits } from '~/lib/format';
import type { Locale } from '~/lib/locale';
import { kidsRatings, type AgeRating } from '~/shared/kids-constants';
import type { Family, FamilyProfile, PinResetSent, PinRules } from '~/shared/kids';
import { $auth } from '~/stores/auth';
import { IslandRoot } from '../auth/IslandRoot';
import { browserApi } from '../shared/api';
import { pinHeaders, withPin } from '../shared/pin-prompt';

/**
 * The family settings on /account/profiles (issue 29): which profiles are kids profiles and up to which
 * age rating, each profile's PIN, the account's PIN rules, and a forgotten main PIN reset by a login
 * code. Every change goes through the server, which asks for the main PIN where the rules say so (the
 * PIN dialog of ../shared/pin-prompt.tsx); a kids profile is shown why it may change nothing.
 */
type Send = <T>(path: string, body?: unknown) => Promise<T>;

function useRatingLabel() {
  const { t } = useTranslation();
  return (rating: AgeRating) => {
    const age = Number.parseInt(rating, 10);
    if (Number.isFinite(age)) return t('catalog.title.agePlus', { n: age });
    return rating === 'G' ? t('catalog.title.ageAll') : rating;
  };
}

/** Four digits, Persian ones read as Latin. */
function pinOf(text: string): string {
  return toLatinDigits(text).replace(/\D/g, '').slice(0, 4);
}

function PinInput({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (pin: string) => void;
}) {
  return (
    <label className="flex flex-col gap-1 text-sm font-bold">
      {label}
      <input
        type="password"
        inputMode="numeric"
        autoComplete="off"
        maxLength={4}
        dir="ltr"
        value={value}
        onChange={(event) => onChange(pinOf(event.target.value))}
        className="w-32 rounded-lg border border-line bg-surface px-3 py-2 text-center text-lg tracking-[0.4em]"
      />
    </label>
  );
}

function ProfileFamily({ profile, send }: { profile: FamilyProfile; send: Send }) {
  const { t } = useTranslation();
  const ratingLabel = useRatingLabel();
  const [kids, setKids] = useState(profile.kids);
  const [rating, setRating] = useState<AgeRating>(profile.max_age_rating ?? 'G');
  const [pin, setPin] = useState('');
  const ratingId = useId();

  return (
    <li className="rounded-2xl border border-line p-4" data-family-profile={profile.id}>
      <h3 className="text-lg font-bold">
        {profile.name}{' '}
        <span className="text-sm font-normal text-ink-muted">
          ({profile.has_pin ? t('account.family.hasPin') : t('account.family.noPin')})
        </span>
      </h3>
      {!profile.is_main && (
        <form
          className="mt-3 flex flex-wrap items-end gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            void send(`/me/family/profiles/${profile.id}/kids`, {
              kids,
              max_age_rating: kids ? rating : null,
            });
          }}
        >
          <label className="flex min-h-11 items-center gap-2 font-bold">
            <input
              type="checkbox"
              className="size-6 shrink-0"
              checked={kids}
              onChange={(event) => setKids(event.target.checked)}
            />
            {t('account.family.kids')}
          </label>
          <div className="flex flex-col gap-1 text-sm font-bold">
            <label htmlFor={ratingId}>{t('account.family.maxRating')}</label>
            <select
              id={ratingId}
              value={rating}
              disabled={!kids}
              onChange={(event) => setRating(event.target.value as AgeRating)}
              className="min-h-11 rounded-lg border border-line bg-surface px-3"
            >
              {kidsRatings.map((value) => (
                <option key={value} value={value}>
                  {ratingLabel(value)}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="button-secondary min-h-11">
            {t('account.family.save')}
          </button>
        </form>
      )}
      <form
        className="mt-3 flex flex-wrap items-end gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          void send(`/me/family/profiles/${profile.id}/pin`, { pin }).then(() => setPin(''));
        }}
      >
        <PinInput label={t('account.family.newPin')} value={pin} onChange={setPin} />
        <button type="submit" className="button-secondary min-h-11" disabled={pin.length !== 4}>
          {profile.has_pin ? t('account.family.changePin') : t('account.family.setPin')}
        </button>
        {profile.has_pin && (
          <button
            type="button"
            className="button-secondary min-h-11"
            onClick={() => void send(`/me/family/profiles/${profile.id}/pin`, { pin: null })}
          >
            {t('account.family.clearPin')}
          </button>
        )}
      </form>
    </li>
  );
}

function Rules({ family, send }: { family: Family; send: Send }) {
  const { t } = useTranslation();
  const [rules, setRules] = useState<PinRules>(family.rules);
  const mainHasPin = family.profiles.some((profile) => profile.is_main && profile.has_pin);
  const names: [keyof PinRules, string][] = [
    ['leave_kids', t('account.family.ruleLeaveKids')],
    ['edit_profiles', t('account.family.ruleEditProfiles')],
    ['purchase', t('account.family.rulePurchase')],
  ];
  return (
    <form
      className="mt-6 rounded-2xl border border-line p-4"
      onSubmit={(event) => {
        event.preventDefault();
        void send('/me/family/rules', rules);
      }}
    >
      <fieldset disabled={!mainHasPin}>
        <legend className="text-lg font-bold">{t('account.family.rules')}</legend>
        {!mainHasPin && <p className="text-sm text-ink-muted">{t('account.family.rulesNeedPin')}</p>}
        {names.map(([rule, name]) => (
          <label key={rule} className="mt-2 flex min-h-11 items-center gap-2">
            <input
              type="checkbox"
              className="size-6 shrink-0"
              checked={rules[rule]}
              onChange={(event) => setRules({ ...rules, [rule]: event.target.checked })}
            />
            {name}
          </label>
        ))}
        <button type="submit" className="button-primary mt-3">
          {t('account.family.save')}
        </button>
      </fieldset>
    </form>
  );
}

function ForgotPin({
  api,
  locale,
  onReset,
}: {
  api: $Fetch;
  locale: Locale;
  onReset: (family: Family) => void;
}) {
  const { t } = useTranslation();
  const [token, setToken] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [pin, setPin] = useState('');

  async function sendCode() {
    try {
      const reply = await api<PinResetSent>('/me/family/pin-reset/send', { method: 'POST' });
      setToken(reply.remember_token);
      toast.success(t('account.family.codeSent'));
    } catch (error) {
      toast.error(problemOf(error, locale));
    }
  }

  async function reset(event: FormEvent) {
    event.preventDefault();
    try {
      onReset(
        await api<Family>('/me/family/pin-reset', {
          method: 'POST',
          body: { remember_token: token, code: toLatinDigits(code).trim(), pin },
        }),
      );
      setToken(null);
      toast.success(t('account.family.saved'));
    } catch (error) {
      toast.error(problemOf(error, locale));
    }
  }

  return (
    <details className="mt-6 rounded-2xl border border-line p-4">
      <summary className="cursor-pointer font-bold">{t('account.family.forgot')}</summary>
      {token === null ? (
        <button type="button" className="button-secondary mt-3" onClick={() => void sendCode()}>
          {t('account.family.sendCode')}
        </button>
      ) : (
        <form className="mt-3 flex flex-wrap items-end gap-4" onSubmit={(event) => void reset(event)}>
          <label className="flex flex-col gap-1 text-sm font-bold">
            {t('account.family.code')}
            <input
              inputMode="numeric"
              autoComplete="one-time-code"
              dir="ltr"
              value={code}
              onChange={(event) => setCode(event.target.value)}
              className="w-40 rounded-lg border border-line bg-surface px-3 py-2"
            />
          </label>
          <PinInput label={t('account.family.newPin')} value={pin} onChange={setPin} />
          <button type="submit" className="button-primary min-h-11" disabled={pin.length !== 4}>
            {t('account.family.resetPin')}
          </button>
        </form>
      )}
    </details>
  );
}

function FamilyBody({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const api = useMemo(() => browserApi(locale, { quiet: true }), [locale]);
  const [family, setFamily] = useState<Family | null>(null);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    api<Family>('/me/family').then(setFamily, (error: unknown) => toast.error(problemOf(error, locale)));
  }, [api, locale]);

  const send: Send = async <T,>(path: string, body?: unknown) => {
    try {
      const next = await withPin(locale, (pin) =>
        api<Family>(path, {
          method: 'POST',
          body: body as Record<string, unknown>,
          headers: pinHeaders(pin),
        }),
      );
      setFamily(next);
      setVersion((count) => count + 1);
      toast.success(t('account.family.saved'));
      return next as T;
    } catch (error) {
      toast.error(problemOf(error, locale));
      throw error;
    }
  };

  if (!family) return <p className="text-ink-muted">{t('account.loading')}</p>;
  const selected = family.profiles.find((profile) => profile.id === family.selected);
  if (selected?.kids) return <p className="mt-2 text-ink-muted">{t('account.family.locked')}</p>;
  return (
    <div key={version}>
      <ul className="mt-4 grid gap-4 md:grid-cols-2">
        {family.profiles.map((profile) => (
          <ProfileFamily key={profile.id} profile={profile} send={send} />
        ))}
      </ul>
      <Rules family={family} send={send} />
      <ForgotPin api={api} locale={locale} onReset={setFamily} />
    </div>
  );
}

/** /account/profiles, below the profiles: kids profiles, PINs and the account's PIN rules. */
export default function FamilySettings({ locale }: { locale: Locale }) {
  return (
    <IslandRoot locale={locale}>
      <FamilySection locale={locale} />
    </IslandRoot>
  );
}

/** Shown once the viewer is known; the profiles above already say when a login is needed. */
function FamilySection({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const { userMeta } = useStore($auth);
  if (!userMeta) return null;
  return (
    <section aria-labelledby="family-title" className="mt-12">
      <h2 id="family-title" className="text-xl font-bold">
        {t('account.family.title')}
      </h2>
      <p className="mt-1 text-ink-muted">{t('account.family.intro')}</p>
      <FamilyBody locale={locale} />
    </section>
  );
}
