'use client';

import { useFormatter, useLocale } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatNtd, formatNtdCompact } from '@/lib/i18n/money';
import { watchSize } from '@/components/ui/watch-size';

/**
 * The room one bucket's label needs under its bar ("100 % or more" wrapped on two lines at 12 px). Narrower, the
 * buckets become rows with their labels on the left, one per line, so no two labels ever share a line.
 */
export const COLUMN_LABEL_PX = 56;

/** How the distribution is drawn in a box this wide: bars standing side by side, or lying one under another. */
export function distributionLayout(width: number, buckets: number): 'columns' | 'rows' {
  const plot = width - 36 - 8; // the figures' axis and the right margin
  return plot / Math.max(1, buckets) >= COLUMN_LABEL_PX ? 'columns' : 'rows';
}

/**
 * A tooltip no wider than its chart, its words wrapped: a company's long name on a phone would otherwise reach past
 * the window and make the page scroll sideways (Recharts keeps only a tooltip that fits inside the chart).
 */
const TOOLTIP_WRAPPER = { maxWidth: '100%' } as const;
const TOOLTIP_CONTENT = { whiteSpace: 'normal' } as const;

/*
 * The two Recharts drawings of the credit charts. They load after the page (credit-charts.tsx, next/dynamic):
 * Recharts is about 110 kB gzip, more than half a page's first-load budget, for a picture whose figures the
 * tables beside it already give. Both draw with no accessibility layer (it would be a focus stop inside the
 * aria-hidden box that holds them). Tooltips speak the page's language: its figures, its colon ("：" in zh-TW).
 */

export function DistributionDrawing({
  buckets,
  seriesName,
  separator,
}: {
  buckets: { label: string; count: number }[];
  seriesName: string;
  separator: string;
}) {
  const format = useFormatter();
  const box = useRef<HTMLDivElement>(null);
  const [{ width, height }, setSize] = useState({ width: 0, height: 0 });
  useEffect(() => {
    const element = box.current;
    if (element) return watchSize(element, () => setSize({ width: element.clientWidth, height: element.clientHeight }));
  }, []);
  const tooltip = (
    <Tooltip
      separator={separator}
      formatter={(value) => [format.number(Number(value)), seriesName]}
      wrapperStyle={TOOLTIP_WRAPPER}
      contentStyle={TOOLTIP_CONTENT}
    />
  );
  const bar = <Bar dataKey="count" name={seriesName} fill="#1d4ed8" isAnimationActive={false} />;
  return (
    <div ref={box} className="h-full w-full">
      {width === 0 ? null : distributionLayout(width, buckets.length) === 'columns' ? (
        <BarChart
          width={width}
          height={height}
          accessibilityLayer={false}
          data={buckets}
          margin={{ left: 0, right: 8, top: 8, bottom: 8 }}
        >
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          {/*
            Every bucket keeps its label (a bar without one cannot be read): 12 px, wrapped at spaces within about a
            bar's width ("100 % or more" on two lines), so neighbours never overlap. Recharts measures the words
            with `style`, not the fontSize attribute.
          */}
          <XAxis dataKey="label" tick={{ fontSize: 12, style: { fontSize: 12 }, width: 58 }} interval={0} height={40} />
          <YAxis allowDecimals={false} width={36} tick={{ fontSize: 12 }} />
          {tooltip}
          {bar}
        </BarChart>
      ) : (
        // A phone: one bucket a line, its label on the left; the counts' axis keeps only ticks that fit (minTickGap).
        <BarChart
          width={width}
          height={height}
          accessibilityLayer={false}
          data={buckets}
          layout="vertical"
          margin={{ left: 0, right: 12, top: 4, bottom: 4 }}
        >
          <CartesianGrid strokeDasharray="3 3" horizontal={false} />
          <XAxis type="number" allowDecimals={false} tick={{ fontSize: 12 }} minTickGap={16} />
          <YAxis
            type="category"
            dataKey="label"
            width={104}
            tick={{ fontSize: 12, style: { fontSize: 12 }, width: 100 }}
            interval={0}
          />
          {tooltip}
          {bar}
        </BarChart>
      )}
    </div>
  );
}

/** One bar per company: `label` (its code) on the axis, `title` (code — name) in the tooltip. */
export interface OverBar {
  label: string;
  title: string;
  overBy: number;
}

export function MostOverDrawing({
  over,
  seriesName,
  separator,
}: {
  over: OverBar[];
  seriesName: string;
  separator: string;
}) {
  const locale = useLocale();
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart
        accessibilityLayer={false}
        data={over}
        layout="vertical"
        margin={{ left: 8, right: 8, top: 8, bottom: 8 }}
      >
        <CartesianGrid strokeDasharray="3 3" horizontal={false} />
        {/* Axis ticks in short figures (NT$1.2M), so they fit side by side; the tooltip has the exact amount. */}
        <XAxis
          type="number"
          tickFormatter={(v: number) => formatNtdCompact(locale, v)}
          tick={{ fontSize: 12 }}
          minTickGap={12}
        />
        <YAxis type="category" dataKey="label" width={96} tick={{ fontSize: 12 }} interval={0} />
        <Tooltip
          separator={separator}
          wrapperStyle={TOOLTIP_WRAPPER}
          contentStyle={TOOLTIP_CONTENT}
          labelFormatter={(label, payload) => (payload[0]?.payload as OverBar | undefined)?.title ?? label}
          formatter={(value) => [formatNtd(locale, Number(value)), seriesName]}
        />
        <Bar dataKey="overBy" name={seriesName} fill="#b91c1c" isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}
