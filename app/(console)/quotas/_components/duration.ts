/** A duration in the largest whole unit that fits, for "about 3 minutes left" and the maximum age. */
export function durationParts(ms: number): { unit: 'seconds' | 'minutes' | 'hours'; n: number } {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 120) return { unit: 'seconds', n: s };
  if (s < 2 * 3600) return { unit: 'minutes', n: Math.round(s / 60) };
  return { unit: 'hours', n: Math.round(s / 3600) };
}
