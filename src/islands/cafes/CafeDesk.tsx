import { useEffect, useId, useMemo, useRef, useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { problemOf } from '~/lib/api';
import { localDigits } from '~/lib/format';
import type { Locale } from '~/lib/locale';
import { scheduleTime } from '~/lib/schedule-time';
import type { CafeDesk as Desk, CheckIn, DeskSession } from '~/shared/cafes';
import { RequireLogin } from '../account/RequireLogin';
import { IslandRoot } from '../auth/IslandRoot';
import { browserApi } from '../shared/api';
import { useViewerZone } from '../shared/useViewerZone';
import { admitsOnConfirm, defaultSession } from './desk-sessions';
import { useQrScanner } from './scanner';

/**
 * The cafe door (issue 14): the staff's cafe and a session to admit, the door's name (kept in this
 * browser), and a code typed or scanned; the server's answer is read out at once (role status, or
 * alert when the code is refused) and the field is emptied and focused for the next guest.
 */

const DOOR_KEY = 'cafe-desk-door';

/** `other`: the ticket's own session, another of this cafe today, which the door may admit it to. */
type Answer = { ok: true; check: CheckIn; other?: DeskSession } | { ok: false; message: string };

function storedDoor(fallback: string): string {
  try {
    return localStorage.getItem(DOOR_KEY) || fallback;
  } catch {
    return fallback;
  }
}

function DeskPanel({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const ids = { session: useId(), door: useId(), code: useId() };
  const api = useMemo(() => browserApi(locale, { quiet: true }), [locale]);
  const [desk, setDesk] = useState<Desk | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [sessionId, setSessionId] = useState<number | null>(null);
  const [door, setDoor] = useState(() => storedDoor(t('cafes.desk.defaultDoor')));
  const [code, setCode] = useState('');
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [busy, setBusy] = useState(false);
  const codeField = useRef<HTMLInputElement>(null);
  const zone = useViewerZone();

  useEffect(() => {
    api<Desk>('/cafe-desk').then(
      (reply) => {
        setDesk(reply);
        setSessionId(defaultSession(reply.sessions, Date.now())?.id ?? null);
      },
      (error: unknown) => setProblem(problemOf(error, locale)),
    );
  }, [api, locale]);

  /** `forSession`: the ticket's own session, once the door confirmed admitting it there. */
  async function check(typed: string, forSession = sessionId) {
    if (!forSession || !typed.trim() || busy) return;
    setBusy(true);
    try {
      const reply = await api<CheckIn>('/cafe-desk/check-in', {
        method: 'POST',
        body: { code: typed, session_id: forSession, door: door.trim() || t('cafes.desk.defaultDoor') },
      });
      const other =
        reply.result === 'other_session'
          ? desk?.sessions.find((session) => session.id === reply.session_id)
          : undefined;
      setAnswer({ ok: true, check: reply, other: admitsOnConfirm(other, Date.now()) ? other : undefined });
      setCode('');
    } catch (error) {
      setAnswer({ ok: false, message: problemOf(error, locale) });
    } finally {
      setBusy(false);
      codeField.current?.focus();
    }
  }
  const { video, supported, active, refused, start, stop } = useQrScanner((scanned) => void check(scanned));

  if (problem) return <p role="alert">{problem}</p>;
  if (!desk) return <p className="text-ink-muted">{t('account.loading')}</p>;
  if (desk.sessions.length === 0) return <p>{t('cafes.desk.noSessions')}</p>;

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    void check(code);
  };
  const admitted = answer?.ok && answer.check.result === 'checked_in';
  const offerOther = answer?.ok ? answer.other : undefined;

  return (
    <div className="flex max-w-xl flex-col gap-6">
      <h2 className="text-xl font-bold">
        {t('cafes.desk.cafe', { name: locale === 'fa' ? desk.cafe.name : desk.cafe.en_name })}
      </h2>
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        {/* Radios, not a select: a phone's select cuts the option's text (19:30 read as 9:30). */}
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 font-bold">{t('cafes.desk.session')}</legend>
          {desk.sessions.map((session) => (
            <label
              key={session.id}
              className="flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border border-line bg-surface p-3 has-checked:border-accent"
              data-desk-session={session.id}
            >
              <input
                type="radio"
                name={ids.session}
                value={session.id}
                checked={session.id === sessionId}
                onChange={() => setSessionId(session.id)}
                className="mt-1 size-5 shrink-0"
              />
              <span className="min-w-0 break-words">
                {t('cafes.desk.sessionOption', {
                  title: locale === 'fa' ? session.title : session.en_title,
                  date: scheduleTime(session.starts_at, locale, zone),
                  sold: localDigits(session.sold, locale),
                  checked: localDigits(session.checked_in, locale),
                })}
              </span>
            </label>
          ))}
        </fieldset>
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.door} className="font-bold">
            {t('cafes.desk.door')}
          </label>
          <input
            id={ids.door}
            className="min-h-11 w-full rounded-lg border border-line bg-surface px-3"
            value={door}
            maxLength={40}
            onChange={(event) => {
              setDoor(event.target.value);
              try {
                localStorage.setItem(DOOR_KEY, event.target.value);
              } catch {
                // Not kept (private mode): the door is asked again next time.
              }
            }}
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={ids.code} className="font-bold">
            {t('cafes.desk.code')}
          </label>
          <div className="flex flex-wrap gap-2">
            <input
              id={ids.code}
              ref={codeField}
              dir="ltr"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              className="min-h-11 min-w-0 flex-1 rounded-lg border border-line bg-surface px-3 font-mono text-lg tracking-wider"
              value={code}
              maxLength={40}
              onChange={(event) => setCode(event.target.value)}
              data-desk-code
            />
            <button type="submit" className="button-primary min-h-11" disabled={busy || !code.trim()}>
              {busy ? t('cafes.desk.checking') : t('cafes.desk.check')}
            </button>
          </div>
        </div>
      </form>
      {supported ? (
        <div className="flex flex-col gap-3">
          <button
            type="button"
            className="button-secondary min-h-11 w-fit"
            onClick={active ? stop : () => void start()}
          >
            {active ? t('cafes.desk.stopScan') : t('cafes.desk.scan')}
          </button>
          {refused && <p role="alert">{t('cafes.desk.cameraRefused')}</p>}
          <video
            ref={video}
            hidden={!active}
            muted
            playsInline
            className="aspect-square w-full max-w-xs rounded-lg bg-black object-cover"
          />
        </div>
      ) : (
        <p className="text-sm text-ink-muted">{t('cafes.desk.noCamera')}</p>
      )}
      <div
        role={answer && !admitted ? 'alert' : 'status'}
        className={
          answer
            ? `rounded-2xl border-2 p-4 text-lg font-bold ${admitted ? 'border-ink' : 'border-accent text-accent'}`
            : undefined
        }
        data-check-result={answer?.ok ? answer.check.result : answer ? 'refused' : undefined}
      >
        {answer?.ok === false && <p>{answer.message}</p>}
        {answer?.ok && (
          <>
            <p>{answer.check.message}</p>
            <p className="text-base font-normal">
              <bdi dir="ltr" className="font-mono">
                {answer.check.code}
              </bdi>{' '}
              ·{' '}
              {answer.check.place
                ? t('cafes.desk.seatOnMap', {
                    title: locale === 'fa' ? answer.check.title : answer.check.en_title,
                    row: localDigits(answer.check.place.row, locale),
                    seat: localDigits(answer.check.place.number, locale),
                  })
                : t('cafes.desk.seat', {
                    title: locale === 'fa' ? answer.check.title : answer.check.en_title,
                    seat: localDigits(answer.check.seat, locale),
                  })}
            </p>
            {offerOther && (
              <div
                className="mt-3 flex flex-col gap-3 text-base font-normal"
                data-other-session={offerOther.id}
              >
                <p>
                  {t('cafes.desk.otherSession', {
                    title: locale === 'fa' ? offerOther.title : offerOther.en_title,
                    date: scheduleTime(offerOther.starts_at, locale, zone),
                  })}
                </p>
                <div className="flex flex-wrap gap-2">
                  <button
                    type="button"
                    className="button-primary"
                    disabled={busy}
                    onClick={() => void check(answer.check.code, offerOther.id)}
                  >
                    {t('cafes.desk.admitOther')}
                  </button>
                  <button
                    type="button"
                    className="button-secondary"
                    onClick={() => {
                      setAnswer(null);
                      codeField.current?.focus();
                    }}
                  >
                    {t('cafes.desk.keepOut')}
                  </button>
                </div>
              </div>
            )}
            {answer.check.result === 'already_used' && answer.check.checked_in_at && (
              <p className="text-base font-normal">
                {t('cafes.desk.usedAt', {
                  date: scheduleTime(answer.check.checked_in_at, locale, zone),
                  door: answer.check.door ?? '',
                })}
              </p>
            )}
          </>
        )}
      </div>
    </div>
  );
}

export default function CafeDesk({ locale }: { locale: Locale }) {
  return (
    <IslandRoot locale={locale}>
      <RequireLogin>{() => <DeskPanel locale={locale} />}</RequireLogin>
    </IslandRoot>
  );
}
