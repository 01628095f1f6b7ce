'use client';

import { Th } from '@/components/ui';
import { WhenNear } from '@/components/ui/when-near';
import { useFormatter, useTranslations } from 'next-intl';
import dynamic from 'next/dynamic';
import { useState, useSyncExternalStore, type ReactNode } from 'react';
import { useMoney } from '@/lib/i18n/use-money';

// Recharts loads after the page has shown, and only once a chart's box comes near the viewport (or, on a phone,
// once its chart is opened); the figures are in the tables from the start, and the drawings need the box's width
// anyway, which only the browser knows.
const DistributionDrawing = dynamic(() => import('./credit-chart-drawings').then((m) => m.DistributionDrawing), {
  ssr: false,
});
const MostOverDrawing = dynamic(() => import('./credit-chart-drawings').then((m) => m.MostOverDrawing), { ssr: false });

export interface CreditChartsData {
  distribution: { key: string; count: number }[];
  mostOver: { companyId: number; code: string | null; name: string | null; availableAmount: number }[];
}

/** Tailwind's `sm`: from here the charts are drawn at once; below, each is a figure card that opens to its chart. */
const WIDE = '(min-width: 640px)';

function subscribeWide(onChange: () => void) {
  const query = window.matchMedia(WIDE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** True from 640 px, false below, null on the server (the drawings are drawn in the browser only). */
function useWide(): boolean | null {
  return useSyncExternalStore(
    subscribeWide,
    () => window.matchMedia(WIDE).matches,
    () => null,
  );
}

/**
 * The utilisation distribution and the companies most over their limit, drawn by Recharts (bundled, no
 * network, loaded after the page: credit-chart-drawings.tsx). The drawing is hidden from screen readers and
 * the keyboard; the same figures are in a table under each chart, which also serves anyone who wants to copy
 * the numbers. On a phone each chart is a card with one figure large and its shape small, and the drawing opens
 * on demand: Recharts then loads only for whoever asks for it.
 */
export function CreditCharts({ distribution, mostOver }: CreditChartsData) {
  const t = useTranslations('quotas.charts');
  const format = useFormatter();
  const wide = useWide();
  const buckets = distribution.map((d) => ({ label: t(d.key as 'u0'), count: d.count }));
  const over = mostOver.map((c) => {
    const label = c.code ?? c.name ?? String(c.companyId);
    return { label, title: c.name && c.name !== label ? `${label} — ${c.name}` : label, overBy: -c.availableAmount };
  });
  const amount = useMoney();
  const high = distribution.filter((d) => d.key === 'u90' || d.key === 'u100').reduce((sum, d) => sum + d.count, 0);
  const top = over[0];

  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <figure
        className="min-w-0 space-y-2 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800"
        aria-labelledby="chart-distribution"
      >
        <figcaption id="chart-distribution" className="font-medium">
          {t('distribution')}{' '}
          <span className="block text-sm font-normal text-zinc-600 dark:text-zinc-400">{t('distributionHelp')}</span>
        </figcaption>
        <Headline
          figure={format.number(high)}
          words={t('nearOrOver', { count: high })}
          shape={buckets.map((b) => b.count)}
        />
        {/* The box keeps its height while the drawing loads, so nothing under it moves when it appears. */}
        <Drawing wide={wide} height={224}>
          <DistributionDrawing buckets={buckets} seriesName={t('companies')} separator={t('separator')} />
        </Drawing>
        <FiguresTable
          caption={t('distribution')}
          headers={[t('bucket'), t('companies')]}
          rows={buckets.map((b) => ({ key: b.label, label: b.label, value: format.number(b.count) }))}
        />
      </figure>

      <figure
        className="min-w-0 space-y-2 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800"
        aria-labelledby="chart-over"
      >
        <figcaption id="chart-over" className="font-medium">
          {t('mostOver')}
        </figcaption>
        {!top ? (
          <p className="text-sm">{t('mostOverEmpty')}</p>
        ) : (
          <>
            <Headline
              figure={amount(top.overBy)}
              words={t('mostOverTop', { company: top.title })}
              shape={over.map((c) => c.overBy)}
            />
            {/* A line of 20 px per company: 20 codes in the other chart's height overlapped one another. */}
            <Drawing wide={wide} height={Math.max(224, over.length * 20 + 56)}>
              <MostOverDrawing over={over} seriesName={t('overBy')} separator={t('separator')} />
            </Drawing>
            <FiguresTable
              caption={t('mostOver')}
              headers={[t('company'), t('overBy')]}
              rows={over.map((c) => ({
                key: c.label,
                label: c.title,
                value: amount(c.overBy),
              }))}
            />
          </>
        )}
      </figure>
    </div>
  );
}

/** Below 640 px: the chart's one figure, large, what it counts, and its shape as small bars (the drawing is decoration). */
function Headline({ figure, words, shape }: { figure: string; words: string; shape: number[] }) {
  const max = Math.max(1, ...shape);
  const step = 64 / Math.max(1, shape.length);
  return (
    <div className="flex flex-wrap items-end justify-between gap-3 sm:hidden">
      <p className="min-w-0 text-sm text-zinc-700 dark:text-zinc-300">
        <span className="block text-3xl font-semibold whitespace-nowrap text-zinc-900 tabular-nums dark:text-zinc-50">
          {figure}
        </span>
        {words}
      </p>
      <svg
        aria-hidden="true"
        width="64"
        height="28"
        viewBox="0 0 64 28"
        className="shrink-0 text-blue-700 dark:text-blue-400"
      >
        {shape.map((value, i) => {
          const h = Math.max(1, (value / max) * 26);
          return (
            <rect key={i} x={i * step + 0.5} y={28 - h} width={Math.max(1, step - 1)} height={h} fill="currentColor" />
          );
        })}
      </svg>
    </div>
  );
}

/**
 * From 640 px the drawing in its box; below, behind "Show the chart", drawn only once opened. The box clips sideways:
 * a tooltip naming a long company may not widen the page.
 */
function Drawing({ wide, height, children }: { wide: boolean | null; height: number; children: ReactNode }) {
  const t = useTranslations('quotas.charts');
  const [opened, setOpened] = useState(false);
  return (
    <>
      <div className="hidden overflow-x-clip sm:block" style={{ height }} aria-hidden="true" data-testid="chart-box">
        {wide ? <WhenNear>{children}</WhenNear> : null}
      </div>
      <details className="sm:hidden" onToggle={(event) => setOpened(event.currentTarget.open)}>
        <summary className="flex min-h-6 cursor-pointer items-center text-sm text-blue-700 dark:text-blue-400">
          {t('showChart')}
        </summary>
        <div className="overflow-x-clip" style={{ height }} aria-hidden="true">
          {wide === false && opened ? children : null}
        </div>
      </details>
    </>
  );
}

/** A chart's figures as a table, collapsed under it: what screen readers read and what people copy. */
function FiguresTable({
  caption,
  headers,
  rows,
}: {
  caption: string;
  headers: [string, string];
  rows: { key: string; label: string; value: string }[];
}) {
  const t = useTranslations('quotas.charts');
  return (
    <details>
      <summary className="flex min-h-6 cursor-pointer items-center text-sm text-blue-700 dark:text-blue-400">
        {t('showTable')}
      </summary>
      <table className="mt-2 w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <Th className="py-1 font-medium">{headers[0]}</Th>
            <Th className="py-1 text-right font-medium">{headers[1]}</Th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row" className="py-1 font-normal">
                {row.label}
              </th>
              <td className="py-1 text-right tabular-nums">{row.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
