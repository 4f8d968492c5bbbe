import { Bar } from '@visx/shape';
import { scaleBand, scaleLinear } from '@visx/scale';
import { useId } from 'react';

/**
 * A bar chart of one currency's figures in a finance report (issue 27), drawn as SVG by visx's scales
 * and bars. Time (days, months) runs as columns in reading order, right to left in Persian; kinds and
 * codes run as rows whose bars grow from the line's start. The chart is a picture with a name and a
 * description (role img); every figure it draws is in the table beside it, which screen readers read.
 */
export interface ChartBar {
  /** Short, under a column or before a row: a day's number, a month's, a kind's name. */
  label: string;
  /** What the bar's tooltip says: the whole label and the amount as written on the page. */
  title: string;
  value: number;
}

const WIDTH = 360;
const PAD = 8;

export function FinanceChart({
  bars,
  layout,
  name,
  rtl,
}: {
  bars: ChartBar[];
  layout: 'columns' | 'rows';
  name: string;
  rtl: boolean;
}) {
  const id = useId();
  const values = bars.map((bar) => bar.value);
  const domain = [Math.min(0, ...values), Math.max(0, ...values, 1)];
  const common = (
    <>
      <title id={`${id}-title`}>{name}</title>
    </>
  );
  if (layout === 'columns') {
    const height = 180;
    const x = scaleBand({
      domain: bars.map((_, index) => index),
      range: rtl ? [WIDTH - PAD, PAD] : [PAD, WIDTH - PAD],
      padding: 0.2,
    });
    const y = scaleLinear({ domain, range: [height - 24, PAD] });
    const every = Math.ceil(bars.length / 10);
    return (
      <svg
        viewBox={`0 0 ${WIDTH} ${height}`}
        role="img"
        aria-labelledby={`${id}-title`}
        className="h-auto w-full max-w-xl text-ink"
        data-finance-chart
      >
        {common}
        <line x1={PAD} x2={WIDTH - PAD} y1={y(0)} y2={y(0)} className="stroke-line" />
        {bars.map((bar, index) => {
          const top = Math.min(y(bar.value), y(0));
          const left = x(index) ?? 0;
          return (
            <g key={index}>
              <Bar
                x={left}
                y={top}
                width={x.bandwidth()}
                height={Math.max(Math.abs(y(bar.value) - y(0)), bar.value === 0 ? 0 : 1)}
                className={bar.value < 0 ? 'fill-accent' : 'fill-ink-muted'}
              >
                <title>{bar.title}</title>
              </Bar>
              {index % every === 0 && (
                <text
                  x={left + x.bandwidth() / 2}
                  y={height - 8}
                  textAnchor="middle"
                  fontSize="13"
                  className="fill-current"
                >
                  {bar.label}
                </text>
              )}
            </g>
          );
        })}
      </svg>
    );
  }
  const row = 26;
  const height = bars.length * row + PAD * 2;
  const labelWidth = 130;
  const x = scaleLinear({ domain, range: [0, WIDTH - labelWidth - PAD * 3] });
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${height}`}
      role="img"
      aria-labelledby={`${id}-title`}
      className="h-auto w-full max-w-xl text-ink"
      data-finance-chart
    >
      {common}
      {bars.map((bar, index) => {
        const top = PAD + index * row;
        const length = Math.abs(x(bar.value) - x(0));
        const from = labelWidth + PAD * 2 + Math.min(x(bar.value), x(0));
        const start = rtl ? WIDTH - from - length : from;
        return (
          <g key={index}>
            <text
              x={rtl ? WIDTH - PAD : PAD}
              y={top + row / 2 + 4}
              textAnchor="start"
              direction={rtl ? 'rtl' : 'ltr'}
              fontSize="13"
              className="fill-current"
            >
              {bar.label}
            </text>
            <Bar
              x={start}
              y={top + 4}
              width={Math.max(length, bar.value === 0 ? 0 : 1)}
              height={row - 8}
              className={bar.value < 0 ? 'fill-accent' : 'fill-ink-muted'}
            >
              <title>{bar.title}</title>
            </Bar>
          </g>
        );
      })}
    </svg>
  );
}
