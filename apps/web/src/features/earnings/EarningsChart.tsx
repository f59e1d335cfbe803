import type { AccountStatsDay } from '@parlor/contract';
import { useEffect, useMemo, useRef, useState } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import styles from './EarningsScreen.module.css';
import { axisScale, EARNING_TYPES, seriesToChart } from './earningsModel';
import { usd } from './usd';

const HEIGHT = 220;
const dayLabel = (date: string, long = false) =>
  new Date(`${date.slice(0, 10)}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    ...(long ? { year: 'numeric' } : {}),
    timeZone: 'UTC',
  });

/**
 * Earnings per day as bars stacked by type (uPlot). Each type is drawn as a bar from zero to its
 * running sum, the top of the stack first, so the ones drawn later cover the lower part. The legend
 * under it is HTML: the hovered day's figures, or the range's; a hidden table carries every figure
 * for screen readers. The dollar axis is round and reaches the tallest bar (axisScale).
 */
export function EarningsChart({ series, caption }: { series: AccountStatsDay[]; caption: string }) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<uPlot | null>(null);
  const [hover, setHover] = useState<number | null>(null);
  const data = useMemo(() => seriesToChart(series), [series]);
  const scale = useMemo(() => axisScale(Math.max(0, ...data.totals)), [data]);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const bars = uPlot.paths.bars?.({ size: [0.72, 28], gap: 1 });
    const reversed = EARNING_TYPES.map((t, i) => ({ ...t, i })).reverse();
    const opts: uPlot.Options = {
      width: Math.max(200, el.clientWidth),
      height: HEIGHT,
      tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
      legend: { show: false },
      cursor: { y: false, points: { show: false }, drag: { x: false, y: false } },
      select: { show: false, left: 0, top: 0, width: 0, height: 0 },
      scales: { x: { time: true }, y: { range: () => [0, scale.top] } },
      axes: [
        {
          stroke: '#55536a',
          grid: { show: false },
          ticks: { show: false },
          font: '11px system-ui, sans-serif',
          space: 56,
          values: (_u, ticks) => ticks.map((t) => dayLabel(new Date(t * 1000).toISOString())),
        },
        {
          stroke: '#55536a',
          grid: { stroke: '#ecebf2', width: 1 },
          ticks: { show: false },
          font: '11px system-ui, sans-serif',
          size: 52,
          splits: () => scale.ticks,
          values: (_u, ticks) => ticks.map((v) => `$${v.toLocaleString('en-US')}`),
        },
      ],
      series: [
        {},
        ...reversed.map((t) => ({
          label: t.label,
          fill: t.color,
          stroke: t.color,
          width: 0,
          paths: bars,
          points: { show: false },
        })),
      ],
      hooks: {
        setCursor: [(u) => setHover(u.cursor.idx ?? null)],
      },
    };
    const aligned: uPlot.AlignedData = [data.x, ...reversed.map((t) => data.stacks[t.i] ?? [])];
    const plot = new uPlot(opts, aligned, el);
    chart.current = plot;
    const resize = new ResizeObserver(() =>
      plot.setSize({ width: Math.max(200, el.clientWidth), height: HEIGHT }),
    );
    resize.observe(el);
    return () => {
      resize.disconnect();
      plot.destroy();
      chart.current = null;
    };
  }, [data, scale]);

  const day = hover !== null ? series[hover] : undefined;
  const figures = EARNING_TYPES.map((t, i) => ({
    ...t,
    value: day ? (data.values[i]?.[hover ?? 0] ?? 0) : (data.values[i] ?? []).reduce((a, b) => a + b, 0),
  }));
  const total = day ? (data.totals[hover ?? 0] ?? 0) : data.totals.reduce((a, b) => a + b, 0);

  return (
    <figure className={styles.figure}>
      <div
        ref={box}
        className={styles.chart}
        aria-hidden="true"
        data-testid="earnings-chart"
        data-axis-top={scale.top}
        onMouseLeave={() => setHover(null)}
      />
      <div className={styles.legend} aria-hidden="true">
        <p className={styles.legendHead} data-testid="chart-legend-head">
          <span>{day ? dayLabel(day.date, true) : caption}</span>
          <strong>{usd(total)}</strong>
        </p>
        <ul className={styles.legendList}>
          {figures.map((f) => (
            <li key={f.type}>
              <span className={styles.swatch} style={{ background: f.color }} />
              {f.label}
              <span className={styles.legendValue}>{usd(f.value)}</span>
            </li>
          ))}
        </ul>
      </div>
      {/* The class sits on a wrapper: a table keeps the width of its columns whatever its own width says. */}
      <div className="visually-hidden">
        <table>
          <caption>{caption}, in dollars, by day</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              {EARNING_TYPES.map((t) => (
                <th key={t.type} scope="col">
                  {t.label}
                </th>
              ))}
              <th scope="col">Total</th>
            </tr>
          </thead>
          <tbody>
            {series.map((d, j) => (
              <tr key={d.date}>
                <th scope="row">{dayLabel(d.date, true)}</th>
                {EARNING_TYPES.map((t, i) => (
                  <td key={t.type}>{usd(data.values[i]?.[j] ?? 0)}</td>
                ))}
                <td>{usd(data.totals[j] ?? 0)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
