import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { fillText } from '~/lib/player/text';
import { streamingIp } from '~/lib/player/streaming-ip';
import { Player, type PlayerProps } from './Player';

type Check = { label: string; value: string | null; ok?: boolean };

const ROUND_TRIPS = 5;

/** What this browser can play: MSE (and Apple's ManagedMediaSource), native HLS, the codecs we ship. */
function supportChecks(strings: PlayerProps['strings']): Check[] {
  const source =
    (window as Window & { ManagedMediaSource?: typeof MediaSource }).ManagedMediaSource ?? window.MediaSource;
  const probe = document.createElement('video');
  const mse = (type: string) => Boolean(source?.isTypeSupported?.(type));
  const yesNo = (ok: boolean): Check['value'] => (ok ? strings.test.yes : strings.test.no);
  const hls = probe.canPlayType('application/vnd.apple.mpegurl') !== '';
  const h264 = mse('video/mp4; codecs="avc1.42E01E"') || hls;
  const aac = mse('audio/mp4; codecs="mp4a.40.2"') || hls;
  const hevc =
    mse('video/mp4; codecs="hvc1.1.6.L93.B0"') || probe.canPlayType('video/mp4; codecs="hvc1"') !== '';
  return [
    { label: strings.test.mse, value: yesNo(Boolean(source)), ok: Boolean(source) || hls },
    { label: strings.test.nativeHls, value: yesNo(hls) },
    { label: strings.test.h264, value: yesNo(h264), ok: h264 },
    { label: strings.test.aac, value: yesNo(aac), ok: aac },
    { label: strings.test.hevc, value: yesNo(hevc) },
  ];
}

const noSubscription = () => () => {};

/** The Network Information API where the browser has it (Chromium): type and estimated speed. */
function connectionText(): string | null {
  const info = (navigator as Navigator & { connection?: { effectiveType?: string; downlink?: number } })
    .connection;
  if (!info?.effectiveType) return null;
  return `${info.effectiveType}${typeof info.downlink === 'number' ? ` · ${info.downlink} Mbps` : ''}`;
}

/** The median of a few small requests to our own API: what every playlist and segment request costs. */
async function roundTrip(): Promise<number | null> {
  const times: number[] = [];
  for (let i = 0; i < ROUND_TRIPS; i += 1) {
    const started = performance.now();
    try {
      await fetch(`/api/v1/health?rtt=${i}`, { cache: 'no-store' });
    } catch {
      return null;
    }
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return Math.round(times[Math.floor(times.length / 2)] ?? 0);
}

/** /playtest/[id]: the browser's support, the network and the streaming address, then a test stream. */
export function PlayTest(props: Omit<PlayerProps, 'mode' | 'onFirstFrame'>) {
  const { locale, strings, ipUrls } = props;
  const [rtt, setRtt] = useState<number | null | undefined>(undefined);
  const [ip, setIp] = useState<string | null | undefined>(undefined);
  const [firstFrame, setFirstFrame] = useState<number | null>(null);

  // What the browser supports is known only in the browser: the server renders the list empty.
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const support = useMemo(() => (hydrated ? supportChecks(strings) : []), [hydrated, strings]);
  const connection = useMemo(() => (hydrated ? connectionText() : null), [hydrated]);

  useEffect(() => {
    void streamingIp(ipUrls).then(setIp);
    void roundTrip().then(setRtt);
  }, [ipUrls]);

  const measured = (value: string | null | undefined) =>
    value === undefined ? strings.test.measuring : (value ?? strings.test.unknown);
  const checks: Check[] = [
    ...support,
    {
      label: strings.test.roundTrip,
      value: measured(
        rtt === undefined ? undefined : rtt === null ? null : fillText(strings.test.ms, { n: rtt }, locale),
      ),
    },
    { label: strings.test.streamingIp, value: measured(ip) },
    { label: strings.test.connection, value: connection ?? strings.test.unknown },
  ];

  return (
    <div className="flex h-full flex-col md:flex-row">
      {/* On phones the results scroll within their half of the screen: focusable, so keys scroll it too. */}
      <section
        aria-labelledby="playtest-heading"
        tabIndex={0}
        className="max-h-[45%] overflow-auto bg-black/80 p-4 md:max-h-none md:w-96 md:shrink-0"
      >
        <h2 id="playtest-heading" className="text-xl font-bold">
          {strings.test.heading}
        </h2>
        <p className="mt-1 text-sm text-white/80">{strings.test.intro}</p>
        <h3 className="mt-4 font-bold">{strings.test.checks}</h3>
        <dl className="mt-2 divide-y divide-white/15" data-playtest>
          {checks.map((check) => (
            <div key={check.label} className="flex justify-between gap-3 py-2 text-sm">
              <dt>{check.label}</dt>
              <dd
                className={`text-end font-bold ${check.ok === false ? 'text-red-300' : ''}`}
                dir={check.label === strings.test.streamingIp ? 'ltr' : undefined}
                // An IP address is read out to support as it is: Latin digits on Persian pages too.
                translate={check.label === strings.test.streamingIp ? 'no' : undefined}
              >
                {check.value}
              </dd>
            </div>
          ))}
        </dl>
        {firstFrame !== null && (
          <p role="status" className="mt-4 font-bold" data-first-frame={firstFrame}>
            {fillText(strings.test.firstFrame, { n: firstFrame }, locale)}
          </p>
        )}
      </section>
      <section aria-label={strings.test.stream} className="relative min-h-0 flex-1">
        <Player {...props} mode="preview" onFirstFrame={setFirstFrame} />
      </section>
    </div>
  );
}
