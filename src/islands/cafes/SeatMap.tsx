import { useRef, useState, type KeyboardEvent } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { localDigits } from '~/lib/format';
import type { Locale } from '~/lib/locale';
import type { CafeSeatMap, SeatPlace } from '~/shared/cafes';

/**
 * A session's numbered seats as an ARIA grid (issue 25): a row of seats per grid row, each seat a button
 * in its cell, pressed when chosen and aria-disabled when another buyer holds or took it. One seat is in
 * the tab order (roving tabindex); the arrows move between seats as they look on the screen (seat 1 sits
 * at the row's start: the right in Persian), skipping aisles; Space or Enter chooses or lets go. A wide
 * hall scrolls sideways inside its box, never the page.
 */

interface Cell {
  row: number;
  /** The index in the map's row, aisles included, so a column is the same place in every row. */
  column: number;
}

const key = (place: SeatPlace) => `${place.row}:${place.number}`;

/** The seat nearest `column` in a row (the column itself when it is a seat), or null for none. */
function nearestSeat(row: CafeSeatMap['rows'][number] | undefined, column: number): number | null {
  if (!row) return null;
  for (let distance = 0; distance < row.seats.length; distance++) {
    for (const candidate of [column - distance, column + distance])
      if (row.seats[candidate]) return candidate;
  }
  return null;
}

/** The next seat from `column` in a direction along a row, skipping aisles; null at the row's end. */
function nextSeat(row: CafeSeatMap['rows'][number], column: number, step: 1 | -1): number | null {
  for (let candidate = column + step; candidate >= 0 && candidate < row.seats.length; candidate += step)
    if (row.seats[candidate]) return candidate;
  return null;
}

/** "Row 3, seat 5" (ردیف ۳، صندلی ۵): a seat's name on the map, in the chosen list and on the ticket. */
export function seatLabel(t: TFunction, place: SeatPlace, locale: Locale): string {
  return t('cafes.seatMap.seat', {
    row: localDigits(place.row, locale),
    seat: localDigits(place.number, locale),
  });
}

export function SeatMap({
  map,
  chosen,
  onToggle,
  locale,
  disabled = false,
}: {
  map: CafeSeatMap;
  chosen: SeatPlace[];
  onToggle: (place: SeatPlace) => void;
  locale: Locale;
  /** Shown but not yet choosable (before the island hydrates, while a payment starts). */
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const picked = new Set(chosen.map(key));
  const firstSeat = (): Cell | null => {
    for (const [index, row] of map.rows.entries()) {
      const column = nearestSeat(row, 0);
      if (column !== null) return { row: index, column };
    }
    return null;
  };
  const [active, setActive] = useState<Cell | null>(null);
  const current = active && map.rows[active.row]?.seats[active.column] ? active : firstSeat();

  const moveTo = (cell: Cell) => {
    setActive(cell);
    buttons.current.get(`${cell.row}/${cell.column}`)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!current) return;
    const row = map.rows[current.row]!;
    // Along a row the arrows follow the screen: in Persian the row starts on the right.
    const forward = locale === 'fa' ? 'ArrowLeft' : 'ArrowRight';
    const backward = locale === 'fa' ? 'ArrowRight' : 'ArrowLeft';
    let target: Cell | null = null;
    if (event.key === forward || event.key === backward) {
      const column = nextSeat(row, current.column, event.key === forward ? 1 : -1);
      if (column !== null) target = { row: current.row, column };
    } else if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
      const step = event.key === 'ArrowDown' ? 1 : -1;
      for (let index = current.row + step; index >= 0 && index < map.rows.length; index += step) {
        const column = nearestSeat(map.rows[index], current.column);
        if (column !== null) {
          target = { row: index, column };
          break;
        }
      }
    } else if (event.key === 'Home' || event.key === 'End') {
      const column = event.key === 'Home' ? nearestSeat(row, 0) : nearestSeat(row, row.seats.length - 1);
      if (column !== null) target = { row: current.row, column };
    } else return;
    event.preventDefault();
    if (target) moveTo(target);
  };

  return (
    <div className="flex min-w-0 flex-col gap-2">
      <div className="overflow-x-auto rounded-lg border border-line p-2" data-seat-map-box>
        <p
          className="mx-auto mb-2 w-full min-w-max rounded bg-line py-1 text-center text-sm text-ink-muted"
          aria-hidden="true"
        >
          {t('cafes.seatMap.screen')}
        </p>
        <div
          role="grid"
          aria-label={t('cafes.seatMap.label')}
          aria-rowcount={map.rows.length}
          className="mx-auto flex w-max flex-col gap-1"
          onKeyDown={onKeyDown}
          data-seat-map
        >
          {map.rows.map((row, rowIndex) => (
            <div role="row" key={row.row} aria-rowindex={rowIndex + 1} className="flex items-center gap-1">
              <span role="rowheader" className="w-8 shrink-0 text-center text-sm text-ink-muted">
                <span className="sr-only">
                  {t('cafes.seatMap.row', { row: localDigits(row.row, locale) })}
                </span>
                <span aria-hidden="true">{localDigits(row.row, locale)}</span>
              </span>
              {row.seats.map((seat, column) => {
                if (!seat)
                  return <span role="gridcell" key={`aisle-${column}`} className="size-10 shrink-0" />;
                const place = { row: row.row, number: seat.number };
                const pressed = picked.has(key(place));
                const unavailable = seat.state !== 'free';
                const focused = current?.row === rowIndex && current.column === column;
                return (
                  <span role="gridcell" key={seat.number} className="shrink-0">
                    <button
                      type="button"
                      ref={(element) => {
                        const id = `${rowIndex}/${column}`;
                        if (element) buttons.current.set(id, element);
                        else buttons.current.delete(id);
                      }}
                      tabIndex={focused ? 0 : -1}
                      aria-pressed={pressed}
                      aria-disabled={unavailable || disabled}
                      aria-label={seatLabel(t, place, locale)}
                      data-state={pressed ? 'chosen' : seat.state}
                      onFocus={() => setActive({ row: rowIndex, column })}
                      onClick={() => {
                        if (!unavailable && !disabled) onToggle(place);
                      }}
                      className="grid size-10 place-items-center rounded-md border border-line text-sm font-bold focus-visible:outline-3 focus-visible:outline-accent aria-disabled:cursor-not-allowed data-[state=chosen]:border-accent data-[state=chosen]:bg-accent data-[state=chosen]:text-accent-ink data-[state=held]:bg-line data-[state=held]:text-ink-muted data-[state=held]:line-through data-[state=taken]:bg-line data-[state=taken]:text-ink-muted data-[state=taken]:line-through"
                    >
                      {localDigits(seat.number, locale)}
                    </button>
                  </span>
                );
              })}
            </div>
          ))}
        </div>
      </div>
      <ul
        className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-ink-muted"
        aria-label={t('cafes.seatMap.legend')}
      >
        <li className="flex items-center gap-1">
          <span className="inline-block size-4 rounded border border-line" aria-hidden="true" />
          {t('cafes.seatMap.free')}
        </li>
        <li className="flex items-center gap-1">
          <span className="inline-block size-4 rounded bg-accent" aria-hidden="true" />
          {t('cafes.seatMap.chosen')}
        </li>
        <li className="flex items-center gap-1">
          <span className="inline-block size-4 rounded bg-line" aria-hidden="true" />
          {t('cafes.seatMap.taken')}
        </li>
      </ul>
    </div>
  );
}
