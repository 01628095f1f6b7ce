/** The value below which `p` % of a sorted list lies (NaN for an empty list), as the benches' targets are stated. */
export function percentile(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;
}

/** Milliseconds as seconds with two decimals: "1.25 s". */
export const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
