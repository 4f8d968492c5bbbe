import { useStore } from '@nanostores/react';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { problemOf } from '~/lib/api';
import { paymentRequestOf, type Selection } from '~/lib/commerce';
import { localDigits } from '~/lib/format';
import type { Locale } from '~/lib/locale';
import { scheduleTime } from '~/lib/schedule-time';
import { MAX_SEATS_PER_PURCHASE } from '~/shared/cafe-constants';
import type { CafeProducts, CafeSeatMap, CafeSession, CafeSessionSlot, SeatPlace } from '~/shared/cafes';
import type { GatewayType } from '~/shared/commerce';
import { $token, openLogin } from '~/stores/auth';
import { IslandRoot } from '../auth/IslandRoot';
import { useHydrated } from '../catalog/session';
import { DiscountField } from '../purchase/DiscountField';
import { gatewayOf } from '../purchase/GatewayChoice';
import { useGateways } from '../purchase/gateways';
import { Money } from '../purchase/Money';
import { startPayment } from '../purchase/payment';
import { useQuote } from '../purchase/quote';
import { RadioCards } from '../purchase/RadioCards';
import { PaymentSummary } from '../purchase/PaymentSummary';
import { browserApi } from '../shared/api';
import { useViewerZone } from '../shared/useViewerZone';
import { SeatMap, seatLabel } from './SeatMap';

/**
 * Booking seats at a cafe (issue 14): its upcoming sessions, rendered with the page (issue 25), then
 * priced in the viewer's currency (no page renders a price, decision record 0019; until the prices come
 * a placeholder holds their place), the session and the number of seats, then the discount code,
 * the wallet, the gateway and the price lines as at the shop's checkout, and one BUY_CAFE_TICKET payment
 * through the orchestration every purchase goes through. A session with numbered seats (issue 25) is
 * booked on its seat map instead of by a number: the seats picked are the number bought.
 */

type Offer =
  { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; products: CafeProducts };

function useSessions(cafeId: number, currency: string | null, locale: Locale): Offer {
  const api = useMemo(() => browserApi(locale, { quiet: true }), [locale]);
  const [answer, setAnswer] = useState<{ currency: string; offer: Offer } | null>(null);
  useEffect(() => {
    if (!currency) return;
    const controller = new AbortController();
    api<CafeProducts>(`/cafes/${cafeId}/get-products`, {
      query: { currency },
      signal: controller.signal,
    }).then(
      (products) => setAnswer({ currency, offer: { state: 'ready', products } }),
      (error: unknown) => {
        if (!controller.signal.aborted)
          setAnswer({ currency, offer: { state: 'failed', message: problemOf(error, locale) } });
      },
    );
    return () => controller.abort();
  }, [api, cafeId, currency, locale]);
  return answer && answer.currency === currency ? answer.offer : { state: 'loading' };
}

/** How often an open seat map is asked for again, so seats other buyers take show as taken. */
const SEAT_MAP_REFRESH_MS = 15_000;

/**
 * A numbered session's seat map: asked for when the session is chosen, every SEAT_MAP_REFRESH_MS, and
 * again when `revision` changes (a payment refused, perhaps for a seat taken meanwhile).
 */
function useSeatMap(sessionId: number | null, revision: number, locale: Locale): CafeSeatMap | null {
  const api = useMemo(() => browserApi(locale, { quiet: true }), [locale]);
  const [map, setMap] = useState<CafeSeatMap | null>(null);
  useEffect(() => {
    if (sessionId === null) return;
    const controller = new AbortController();
    const load = () =>
      api<CafeSeatMap>(`/cafes/sessions/${sessionId}/seats`, { signal: controller.signal }).then(
        setMap,
        () => undefined,
      );
    void load();
    const timer = setInterval(() => void load(), SEAT_MAP_REFRESH_MS);
    return () => {
      clearInterval(timer);
      controller.abort();
    };
  }, [api, sessionId, revision]);
  return map && map.session_id === sessionId ? map : null;
}

const samePlace = (a: SeatPlace, b: SeatPlace) => a.row === b.row && a.number === b.number;

interface Props {
  locale: Locale;
  cafeId: number;
  titleId: number | null;
  /** The upcoming sessions as the page rendered them, shown until the priced ones arrive. */
  sessions: CafeSessionSlot[];
}

function Booking({ locale, cafeId, titleId, sessions: rendered }: Props) {
  const { t } = useTranslation();
  // The stored token is the browser's: the first render is the server's (a login button), then the form.
  // Until then the session and seat controls are shown disabled: a choice made before hydration would be
  // lost when React takes the controls over.
  const hydrated = useHydrated();
  const zone = useViewerZone();
  const seatsId = useId();
  const api = useMemo(() => browserApi(locale), [locale]);
  const quiet = useMemo(() => browserApi(locale, { quiet: true }), [locale]);
  const stored = useStore($token);
  const token = hydrated ? stored : undefined;
  const gateways = useGateways(api);
  const currency = gateways?.currency ?? null;
  const offer = useSessions(cafeId, currency, locale);
  const [picked, setPicked] = useState<number | null>(null);
  const [seats, setSeats] = useState(1);
  const [places, setPlaces] = useState<SeatPlace[]>([]);
  const [mapRevision, setMapRevision] = useState(0);
  const [gateway, setGateway] = useState<GatewayType | null>(null);
  const [discountCode, setDiscountCode] = useState<string | null>(null);
  const [codeRefusal, setCodeRefusal] = useState<string | null>(null);
  const [useWallet, setUseWallet] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const sessions: (CafeSession | CafeSessionSlot)[] =
    offer.state === 'ready' ? offer.products.sessions : rendered;
  const onSale = sessions.filter((session) => session.seats_left > 0);
  const session =
    onSale.find((candidate) => candidate.id === picked) ??
    onSale.find((candidate) => candidate.product.id === titleId) ??
    onSale[0] ??
    null;
  const maxSeats = Math.min(MAX_SEATS_PER_PURCHASE, session?.seats_left ?? 1);
  const seatMap = useSeatMap(session?.numbered ? session.id : null, mapRevision, locale);
  // Seats picked on this session's map that are still free (another buyer may have taken one since).
  const chosen = places.filter((place) =>
    seatMap?.rows
      .find((row) => row.row === place.row)
      ?.seats.some((seat) => seat?.number === place.number && seat.state === 'free'),
  );
  const count = session?.numbered ? chosen.length : Math.min(seats, maxSeats);
  const selection: Selection | null =
    token && session && currency && count > 0
      ? {
          choice: {
            type: 'BUY_CAFE_TICKET',
            item_id: session.id,
            seats: count,
            ...(session.numbered ? { places: chosen } : {}),
          },
          currency,
          discountCode,
          useWallet,
        }
      : null;
  const { state: quoteState, checking } = useQuote(selection, locale, {
    onCodeRefused: (reason) => {
      setCodeRefusal(reason);
      setDiscountCode(null);
    },
    onLoginNeeded: openLogin,
  });
  const quote = quoteState?.quote ?? null;

  if (!session) return <p>{t('cafes.booking.none')}</p>;

  const chosenGateway = gateways ? gatewayOf(gateways, gateway) : null;
  const request = selection && quote && paymentRequestOf(selection, quote, chosenGateway);
  const pay = async () => {
    if (!request || checking) return;
    setBusy(true);
    setRefusal(null);
    try {
      await startPayment(quiet, request, locale);
    } catch (error) {
      setRefusal(problemOf(error, locale) || t('cafes.booking.failed'));
      setMapRevision((revision) => revision + 1);
      setBusy(false);
    }
  };
  const soldOut = sessions.length - onSale.length;
  const toggle = (place: SeatPlace) => {
    setRefusal(null);
    setPlaces((now) => {
      const kept = now.filter((other) => chosen.some((free) => samePlace(free, other)));
      if (kept.some((other) => samePlace(other, place)))
        return kept.filter((other) => !samePlace(other, place));
      return kept.length < maxSeats ? [...kept, place] : kept;
    });
  };

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-8 lg:grid-cols-[minmax(0,1fr)_24rem]">
      <div className="flex min-w-0 flex-col gap-4">
        {offer.state === 'failed' && <p role="alert">{offer.message}</p>}
        <RadioCards
          legend={t('cafes.booking.session')}
          disabled={!hydrated}
          value={String(session.id)}
          onChange={(value) => {
            setPicked(Number(value));
            setPlaces([]);
            setRefusal(null);
          }}
          note={soldOut > 0 ? t('cafes.booking.soldOut', { count: soldOut }) : undefined}
          options={onSale.map((candidate) => ({
            value: String(candidate.id),
            label: locale === 'fa' ? candidate.product.title : candidate.product.en_title,
            hint: (
              <>
                {scheduleTime(candidate.starts_at, locale, zone)} ·{' '}
                {t('cafes.booking.seatsLeft', { count: candidate.seats_left })}
              </>
            ),
            aside:
              'total' in candidate ? (
                <span className="flex flex-col items-end">
                  <Money amount={candidate.total} currency={candidate.currency} locale={locale} />
                  <span className="text-sm text-ink-muted">{t('cafes.booking.perSeat')}</span>
                </span>
              ) : (
                <span className="block h-10 w-24 animate-pulse rounded bg-line" aria-hidden="true" />
              ),
          }))}
        />
        {session.numbered ? (
          <section className="flex min-w-0 flex-col gap-2" aria-labelledby={seatsId}>
            <h3 id={seatsId} className="font-bold">
              {t('cafes.seatMap.heading')}
            </h3>
            {seatMap ? (
              <SeatMap
                map={seatMap}
                chosen={chosen}
                onToggle={toggle}
                locale={locale}
                disabled={!hydrated || busy}
              />
            ) : (
              <div className="h-48 animate-pulse rounded-lg bg-line" aria-hidden="true" />
            )}
            <p aria-live="polite" data-chosen-seats>
              {chosen.length === 0
                ? t('cafes.seatMap.pick', { count: maxSeats, max: localDigits(maxSeats, locale) })
                : t('cafes.seatMap.chosenList', {
                    // Each name holds a comma already: the names are parted by semicolons.
                    seats: chosen
                      .map((place) => seatLabel(t, place, locale))
                      .join(locale === 'fa' ? '؛ ' : '; '),
                  })}
            </p>
          </section>
        ) : (
          <div className="flex flex-col gap-1">
            <label htmlFor={seatsId} className="font-bold">
              {t('cafes.booking.seats')}
            </label>
            <select
              id={seatsId}
              className="min-h-11 w-32 rounded-lg border border-line bg-surface px-3"
              value={count}
              disabled={!hydrated}
              onChange={(event) => {
                setSeats(Number(event.target.value));
                setRefusal(null);
              }}
              data-seats
            >
              {Array.from({ length: maxSeats }, (_, index) => (
                <option key={index + 1} value={index + 1}>
                  {localDigits(index + 1, locale)}
                </option>
              ))}
            </select>
          </div>
        )}
      </div>
      <aside
        className="flex flex-col gap-4 self-start rounded-2xl border border-line p-4"
        aria-label={t('cafes.booking.heading')}
      >
        {!token ? (
          <button type="button" className="button-primary min-h-11" onClick={openLogin} disabled={!hydrated}>
            {t('cafes.booking.logIn')}
          </button>
        ) : (
          <>
            <DiscountField
              applied={discountCode}
              refusal={codeRefusal}
              checking={checking && discountCode !== null}
              onApply={(code) => {
                setCodeRefusal(null);
                setDiscountCode(code);
              }}
              onRemove={() => setDiscountCode(null)}
            />
            <PaymentSummary
              quote={quote}
              checking={checking}
              useWallet={useWallet}
              onWallet={setUseWallet}
              gateways={gateways?.gateways}
              gateway={chosenGateway}
              onGateway={setGateway}
              problem={refusal ?? quoteState?.problem}
              payable={!busy && !checking && Boolean(request)}
              onPay={() => void pay()}
              locale={locale}
            />
          </>
        )}
      </aside>
    </div>
  );
}

export default function CafeBooking(props: Props) {
  return (
    <IslandRoot locale={props.locale}>
      <Booking {...props} />
    </IslandRoot>
  );
}
