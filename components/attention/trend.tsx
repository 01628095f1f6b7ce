/** One point of a trend: the day (YYYY-MM-DD) and that day's count. */
export type TrendPoint = { day: string; count: number };

const WIDTH = 96;
const HEIGHT = 28;
const PAD = 2;

/** The polyline's points, oldest on the left; a flat line sits in the middle. */
export function trendPoints(trend: readonly TrendPoint[]): string {
  if (trend.length === 0) return '';
  const counts = trend.map((p) => p.count);
  const min = Math.min(...counts);
  const max = Math.max(...counts);
  const step = trend.length > 1 ? (WIDTH - PAD * 2) / (trend.length - 1) : 0;
  const y = (count: number) =>
    max === min ? HEIGHT / 2 : HEIGHT - PAD - ((count - min) / (max - min)) * (HEIGHT - PAD * 2);
  return trend.map((p, i) => `${(PAD + i * step).toFixed(1)},${y(p.count).toFixed(1)}`).join(' ');
}

/**
 * A 7-day trend drawn inline: a few hundred bytes of SVG in the server's HTML rather than a chart library in the
 * home's first load. The picture is decoration; `label` says the same in words for a screen reader.
 */
export function Trend({ trend, label }: { trend: readonly TrendPoint[]; label: string }) {
  const points = trendPoints(trend);
  const last = points.split(' ').at(-1)?.split(',');
  return (
    <svg
      role="img"
      aria-label={label}
      width={WIDTH}
      height={HEIGHT}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      className="shrink-0 text-blue-700 dark:text-blue-400"
    >
      {points ? (
        <polyline points={points} fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />
      ) : null}
      {last && last.length === 2 ? <circle cx={last[0]} cy={last[1]} r="2.5" fill="currentColor" /> : null}
    </svg>
  );
}
