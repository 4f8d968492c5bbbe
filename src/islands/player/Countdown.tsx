import { useEffect, useState } from 'react';
import { localDigits } from '~/lib/format';
import { serverTime } from '~/lib/player/clock';
import { countdownParts, type PlayerStrings } from '~/lib/player/text';
import type { Locale } from '~/lib/locale';
import { scheduleTime } from '~/lib/schedule-time';
import { useViewerZone } from '../shared/useViewerZone';
import { loadHls } from './engine';

/**
 * Before a screening starts: days, hours, minutes and seconds to the start by the server's clock, then
 * `onDone` asks for the stream. Ticks once a second; the live region is the timer's own (announced on
 * request, not every second).
 */
export function Countdown({
  locale,
  strings,
  startsAt,
  serverNow,
  onDone,
}: {
  locale: Locale;
  strings: PlayerStrings;
  startsAt: number;
  /** The first render counts from the server's time, so the hydrated markup matches the server's. */
  serverNow: number;
  onDone: () => void;
}) {
  const [now, setNow] = useState(serverNow);
  const zone = useViewerZone();
  const left = startsAt - now;
  useEffect(() => {
    const remaining = startsAt - serverTime();
    // The last minute: have hls.js ready, so the screening starts the moment the countdown ends.
    if (remaining < 60_000) void loadHls().catch(() => {});
    // Once the start has passed, the stream is asked for after a short pause, never in a tight loop
    // (the server may still say "not started" for a moment if this device's estimate runs ahead).
    const timer = setTimeout(
      () => {
        if (startsAt - serverTime() <= 0) onDone();
        else setNow(serverTime());
      },
      remaining > 0 ? Math.min(1000, remaining) : 1500,
    );
    return () => clearTimeout(timer);
  }, [now, startsAt, onDone]);

  const parts = countdownParts(left);
  const units = [
    ['days', parts.days],
    ['hours', parts.hours],
    ['minutes', parts.minutes],
    ['seconds', parts.seconds],
  ] as const;
  const shown = parts.days > 0 ? units : units.slice(1);

  return (
    <div className="flex flex-col items-center gap-4" data-countdown>
      <p className="text-lg">{strings.countdownHeading}</p>
      <div role="timer" className="flex gap-3" dir="ltr">
        {shown.map(([unit, value]) => (
          <div key={unit} className="flex min-w-16 flex-col items-center rounded-xl bg-black/60 px-3 py-2">
            <span className="text-3xl font-extrabold tabular-nums md:text-5xl">
              {localDigits(String(value).padStart(2, '0'), locale)}
            </span>
            <span className="text-sm">{strings.countdown[unit]}</span>
          </div>
        ))}
      </div>
      <p className="text-sm text-white/80">
        {strings.startsAt}:{' '}
        <time dateTime={new Date(startsAt).toISOString()}>{scheduleTime(startsAt, locale, zone)}</time>
      </p>
    </div>
  );
}
