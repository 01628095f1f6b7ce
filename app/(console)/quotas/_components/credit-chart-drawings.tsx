'use client';

import { useFormatter } from 'next-intl';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

/*
 * The two Recharts drawings of the credit charts. They load after the page (credit-charts.tsx, next/dynamic):
 * Recharts is about 110 kB gzip, more than half a page's first-load budget, for a picture whose figures the
 * tables beside it already give. Both draw with no accessibility layer (it would be a focus stop inside the
 * aria-hidden box that holds them).
 */

export function DistributionDrawing({ buckets, seriesName }: { buckets: { label: string; count: number }[]; seriesName: string }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart accessibilityLayer={false} data={buckets} margin={{ left: 0, right: 8, top: 8, bottom: 8 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        {/*
          Every bucket keeps its label (a bar without one cannot be read): 12 px, wrapped at spaces within about a
          bar's width ("100 % or more" on two lines), so neighbours never overlap at 1280 px. Recharts measures the
          words with `style`, not the fontSize attribute.
        */}
        <XAxis dataKey="label" tick={{ fontSize: 12, style: { fontSize: 12 }, width: 58 }} interval={0} height={40} />
        <YAxis allowDecimals={false} width={36} tick={{ fontSize: 12 }} />
        <Tooltip />
        <Bar dataKey="count" name={seriesName} fill="#1d4ed8" isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}

export function MostOverDrawing({ over, seriesName }: { over: { label: string; overBy: number }[]; seriesName: string }) {
  const format = useFormatter();
  // Axis ticks in short figures (NT$1.2M), so they fit side by side; the exact amounts are in the table.
  const compact = (n: number) => `NT$${format.number(n, { notation: 'compact', maximumFractionDigits: 1 })}`;
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart accessibilityLayer={false} data={over} layout="vertical" margin={{ left: 8, right: 8, top: 8, bottom: 8 }}>
        <CartesianGrid strokeDasharray="3 3" horizontal={false} />
        <XAxis type="number" tickFormatter={(v: number) => compact(v)} tick={{ fontSize: 12 }} minTickGap={12} />
        <YAxis type="category" dataKey="label" width={96} tick={{ fontSize: 12 }} interval={0} />
        <Tooltip />
        <Bar dataKey="overBy" name={seriesName} fill="#b91c1c" isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}
