/** How the count moved over the trend's days: the last day's count against the first's. */
export function trendChange(card: { trend: readonly { count: number }[]; count: number }): number {
  const first = card.trend[0]?.count ?? card.count;
  return card.count - first;
}
