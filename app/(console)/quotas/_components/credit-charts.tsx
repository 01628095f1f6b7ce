'use client';

import { Th } from '@/components/ui';
import { WhenNear } from '@/components/ui/when-near';
import { useFormatter, useTranslations } from 'next-intl';
import dynamic from 'next/dynamic';
import { useMoney } from '@/lib/i18n/use-money';

// Recharts loads after the page has shown, and only once a chart's box comes near the viewport (on a phone the
// totals fill the first screen); the figures are in the tables from the start, and the drawings need the box's
// width anyway, which only the browser knows.
const DistributionDrawing = dynamic(() => import('./credit-chart-drawings').then((m) => m.DistributionDrawing), {
  ssr: false,
});
const MostOverDrawing = dynamic(() => import('./credit-chart-drawings').then((m) => m.MostOverDrawing), { ssr: false });

export interface CreditChartsData {
  distribution: { key: string; count: number }[];
  mostOver: { companyId: number; code: string | null; name: string | null; availableAmount: number }[];
}

/**
 * The utilisation distribution and the companies most over their limit, drawn by Recharts (bundled, no
 * network, loaded after the page: credit-chart-drawings.tsx). The drawing is hidden from screen readers and
 * the keyboard; the same figures are in a table under each chart, which also serves anyone who wants to copy
 * the numbers.
 */
export function CreditCharts({ distribution, mostOver }: CreditChartsData) {
  const t = useTranslations('quotas.charts');
  const format = useFormatter();
  const buckets = distribution.map((d) => ({ label: t(d.key as 'u0'), count: d.count }));
  const over = mostOver.map((c) => {
    const label = c.code ?? c.name ?? String(c.companyId);
    return { label, title: c.name && c.name !== label ? `${label} — ${c.name}` : label, overBy: -c.availableAmount };
  });
  const amount = useMoney();

  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <figure
        className="space-y-2 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800"
        aria-labelledby="chart-distribution"
      >
        <figcaption id="chart-distribution" className="font-medium">
          {t('distribution')}{' '}
          <span className="block text-sm font-normal text-zinc-600 dark:text-zinc-400">{t('distributionHelp')}</span>
        </figcaption>
        {/* The box keeps its height while the drawing loads, so nothing under it moves when it appears. */}
        <div className="h-56" aria-hidden="true">
          <WhenNear>
            <DistributionDrawing buckets={buckets} seriesName={t('companies')} separator={t('separator')} />
          </WhenNear>
        </div>
        <FiguresTable
          caption={t('distribution')}
          headers={[t('bucket'), t('companies')]}
          rows={buckets.map((b) => ({ key: b.label, label: b.label, value: format.number(b.count) }))}
        />
      </figure>

      <figure
        className="space-y-2 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800"
        aria-labelledby="chart-over"
      >
        <figcaption id="chart-over" className="font-medium">
          {t('mostOver')}
        </figcaption>
        {over.length === 0 ? (
          <p className="text-sm">{t('mostOverEmpty')}</p>
        ) : (
          <>
            {/* A line of 20 px per company: 20 codes in the other chart's height overlapped one another. */}
            <div style={{ height: Math.max(224, over.length * 20 + 56) }} aria-hidden="true">
              <WhenNear>
                <MostOverDrawing over={over} seriesName={t('overBy')} separator={t('separator')} />
              </WhenNear>
            </div>
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
      <summary className="cursor-pointer text-sm text-blue-700 dark:text-blue-400">{t('showTable')}</summary>
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
