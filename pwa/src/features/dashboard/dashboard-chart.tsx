import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/states';
import { useI18n, useLocale } from '@/lib/i18n/i18n';
import { directionOf } from '@/lib/i18n/locales';
import { allZero } from './dashboard-format';

export interface BarChartProps {
  title: string;
  /** Each bar's full name, as the table says it. */
  labels: string[];
  /** Shorter names for the axis (months as 'Nov'); the labels when absent. */
  ticks?: string[];
  values: number[];
  /** The table's column headers: what the rows are, and what the numbers are. */
  labelHeader: string;
  valueHeader: string;
  format: (value: number) => string;
  /** Bars across the card, one row each: for long names (restaurants, outcomes) on a narrow phone. */
  horizontal?: boolean;
  /** Counts: whole numbers on the axis. */
  whole?: boolean;
  /** Said instead of a chart of zeros. */
  emptyMessage: string;
}

/** The chart's colour: the brand green of styles.css (a canvas cannot read a CSS variable by itself). */
const BAR_COLOUR = '#16a34a';
/** Horizontal bars: an axis name longer than this is shortened on the chart (the table has it whole). */
const MAX_TICK_CHARS = 18;

const shorten = (s: string) => (s.length > MAX_TICK_CHARS ? `${s.slice(0, MAX_TICK_CHARS - 1)}…` : s);

/**
 * A bar chart and the same numbers as a table. Chart.js is imported here, when a chart is first drawn, so it is a
 * chunk of its own that only the dashboard fetches. The canvas is hidden from screen readers; the table is always in
 * the page for them (visually hidden until 'Show as table', which also serves anyone who prefers numbers).
 */
export function BarChart({ title, labels, ticks, values, labelHeader, valueHeader, format, horizontal = false, whole = false, emptyMessage }: BarChartProps) {
  const i18n = useI18n();
  const headingId = useId();
  const tableId = useId();
  const canvas = useRef<HTMLCanvasElement>(null);
  const [asTable, setAsTable] = useState(false);
  const [chartFailed, setChartFailed] = useState(false);
  const empty = allZero(values);
  // Right to left (Arabic): the bars run from the right, months read from right to left, the value axis on the right.
  const rtl = directionOf(useLocale((s) => s.locale)) === 'rtl';
  // Chart.js formats the value axis's numbers itself, in this locale.
  const locale = i18n.locales?.[0] ?? i18n.locale;
  // Redraw only when the figures (or the language) change, not on every render of the parent.
  const key = JSON.stringify([labels, ticks, values, horizontal, whole, locale, rtl]);

  useEffect(() => {
    if (empty) return;
    let cancelled = false;
    let destroy: (() => void) | undefined;
    import('./chart-setup')
      .then(({ Chart }) => {
        if (cancelled || !canvas.current) return;
        // Horizontal bars grow from the start side; vertical ones put the first month at the start side.
        const atRight = { position: 'right' as const };
        const valueAxis = { beginAtZero: true, ticks: whole ? { precision: 0 } : {}, reverse: horizontal && rtl, ...(rtl ? atRight : {}) };
        const nameAxis = {
          ticks: horizontal ? { callback: (_: unknown, i: number) => shorten((ticks ?? labels)[i] ?? '') } : { autoSkip: true, maxRotation: 0 },
          reverse: !horizontal && rtl,
          ...(horizontal && rtl ? atRight : {}),
        };
        const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
        const chart = new Chart(canvas.current, {
          type: 'bar',
          data: { labels: ticks ?? labels, datasets: [{ label: valueHeader, data: values, backgroundColor: BAR_COLOUR, borderRadius: 4, maxBarThickness: 40 }] },
          options: {
            indexAxis: horizontal ? 'y' : 'x',
            locale,
            responsive: true,
            maintainAspectRatio: false,
            animation: reduceMotion ? false : { duration: 300 },
            scales: horizontal ? { x: valueAxis, y: nameAxis } : { x: nameAxis, y: valueAxis },
            plugins: {
              tooltip: {
                rtl,
                textDirection: rtl ? 'rtl' : 'ltr',
                callbacks: {
                  title: (items) => labels[items[0]?.dataIndex ?? 0] ?? '',
                  label: (item) => format(values[item.dataIndex] ?? 0),
                },
              },
            },
          },
        });
        destroy = () => chart.destroy();
      })
      .catch(() => {
        // Offline with the chunk never fetched, or a canvas the device cannot draw: the numbers still show.
        if (!cancelled) setChartFailed(true);
      });
    return () => {
      cancelled = true;
      destroy?.();
    };
    // `key` stands for the figures drawn: the arrays are new on every render of the parent.
  }, [key, empty]);

  const tableShown = asTable || chartFailed;
  const height = horizontal ? Math.max(160, labels.length * 36 + 48) : 256;
  return (
    <section aria-labelledby={headingId} className="relative min-w-0 rounded-[var(--radius-card)] border border-border bg-white p-4 shadow-sm">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="min-w-0 text-lg font-semibold text-stone-900">
          {title}
        </h2>
        {!empty && !chartFailed && (
          <Button variant="outline" size="sm" aria-controls={tableId} aria-expanded={asTable} onClick={() => setAsTable((v) => !v)}>
            {asTable ? i18n._('dashboard.chart.showChart') : i18n._('dashboard.chart.showTable')}
          </Button>
        )}
      </div>
      {empty ? (
        <EmptyState message={emptyMessage} />
      ) : (
        <>
          {/* Clipped: Chart.js sizes the canvas a frame after the card narrows (a phone turned upright), and until
              then the old width must not make the whole page scroll sideways. */}
          <div aria-hidden="true" className={tableShown ? 'hidden' : 'relative w-full overflow-hidden'} style={{ height }}>
            <canvas ref={canvas} />
          </div>
          {/* The wrapper is what is visually hidden: a table never shrinks below its content, a div does. */}
          <div className={tableShown ? undefined : 'sr-only'}>
            <table id={tableId} className="w-full text-sm">
              <caption className="sr-only">{title}</caption>
              <thead className="text-start text-xs uppercase tracking-wide text-muted-foreground">
                <tr>
                  <th scope="col" className="py-2 pe-2 text-start font-semibold">
                    {labelHeader}
                  </th>
                  <th scope="col" className="py-2 text-end font-semibold">
                    {valueHeader}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-border">
                {labels.map((label, i) => (
                  <tr key={`${i}-${label}`}>
                    <th scope="row" className="break-words py-2 pe-2 text-start font-normal">
                      {label}
                    </th>
                    <td className="whitespace-nowrap py-2 text-end tabular-nums">{format(values[i] ?? 0)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
