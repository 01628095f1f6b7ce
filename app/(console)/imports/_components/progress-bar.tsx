/** A labelled progress bar; the label says the figure in words, the bar repeats it. */
export function ProgressBar({ label, value }: { label: string; value: number }) {
  const clamped = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div className="space-y-1">
      <p className="text-sm" aria-hidden="true">
        {label}
      </p>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={clamped}
        className="h-2 w-full overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800"
      >
        <div className="h-full bg-blue-700 transition-[width] dark:bg-blue-400" style={{ width: `${clamped}%` }} />
      </div>
    </div>
  );
}
