import { useStore } from '@nanostores/react';
import { useId, useState, type SubmitEvent } from 'react';
import type { ApiErrorBody } from '~/lib/api';
import { toLatinDigits } from '~/lib/format';
import { apiHeaders, apiUrl } from '~/lib/player/play-api';
import { streamingIp } from '~/lib/player/streaming-ip';
import type { PlayerStrings } from '~/lib/player/text';
import type { Locale } from '~/lib/locale';
import type { TicketCheck, TicketKind } from '~/shared/playback';
import { $token } from '~/stores/auth';
import { requestLogin } from '../catalog/session';

/** Festival tickets are checked by /check-ticket, screening tickets by /check-live-ticket. */

/**
 * Ticket code entry: the code is checked first (SPEC §7), so a used, expired or other-network ticket
 * is explained before any play call; a 401 means the ticket belongs to an account and starts login
 * (SPEC §4, §8). A valid code is handed to the player, which plays with `using_ticket`.
 */
export function TicketForm({
  locale,
  strings,
  kind,
  onValid,
  ipUrls,
}: {
  locale: Locale;
  strings: PlayerStrings;
  kind: TicketKind;
  onValid: (code: string) => void;
  ipUrls: string[];
}) {
  const token = useStore($token);
  const [checking, setChecking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const fieldId = useId();
  const problemId = useId();
  const headingId = useId();

  async function check(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    // Read from the form, not from state: a code typed before the island hydrated is kept.
    const typed = toLatinDigits(String(new FormData(event.currentTarget).get('code') ?? ''))
      .trim()
      .toUpperCase();
    if (!typed) {
      setProblem(strings.ticket.required);
      return;
    }
    setChecking(true);
    setProblem(null);
    try {
      const path = kind === 'live' ? 'check-live-ticket' : 'check-ticket';
      // The address decides "used on another network" for screening tickets.
      const ip = await streamingIp(ipUrls);
      const response = await fetch(apiUrl(`/${path}/${encodeURIComponent(typed)}`, { streaming_ip: ip }), {
        headers: apiHeaders(locale, token),
      });
      const body = (await response.json().catch(() => ({}))) as Partial<TicketCheck> & ApiErrorBody;
      if (response.status === 401) {
        setProblem(body.message || strings.errors.login);
        requestLogin();
      } else if (!response.ok) {
        setProblem(body.message || strings.errors.unknown);
      } else if (body.status === 'valid') {
        onValid(typed);
      } else {
        setProblem(body.status ? strings.ticket[body.status] : strings.errors.unknown);
      }
    } catch {
      setProblem(strings.errors.network);
    } finally {
      setChecking(false);
    }
  }

  return (
    <form
      className="flex w-full max-w-md flex-col gap-4 rounded-2xl bg-black/70 p-6 text-start"
      aria-labelledby={headingId}
      onSubmit={(event) => void check(event)}
      noValidate
      data-ticket-form
    >
      <h2 id={headingId} className="text-xl font-bold">
        {strings.ticket.heading}
      </h2>
      <p className="text-white/85">{strings.ticket.intro}</p>
      <label htmlFor={fieldId} className="font-bold">
        {strings.ticket.code}
      </label>
      <input
        id={fieldId}
        name="code"
        dir="ltr"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        required
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? problemId : undefined}
        className="min-h-12 rounded-lg border border-white/40 bg-white px-3 text-lg tracking-widest text-black"
      />
      {problem && (
        <p id={problemId} role="alert" className="font-bold text-red-300">
          {problem}
        </p>
      )}
      <button type="submit" className="button-primary" disabled={checking}>
        {checking ? strings.ticket.checking : strings.ticket.submit}
      </button>
    </form>
  );
}
