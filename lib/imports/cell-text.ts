import type { Component } from './cells';

export function formatComponents(components: readonly Partial<Component>[]): string {
  return components
    .slice()
    .sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0))
    .map(
      (c) =>
        `${c.componentSkuId != null ? `id:${c.componentSkuId}` : (c.componentSkuOuterSysCode ?? '')}*${c.quantity ?? ''}`,
    )
    .join('|');
}

/** A JSON value as the cell text the import's cell reader turns back into that value. */
export function cellText(value: unknown, kind: string): string {
  if (value === null || value === undefined) return '';
  if (kind === 'components' && Array.isArray(value)) return formatComponents(value as Partial<Component>[]);
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  // A wrong JSON type stays visible (and fails the check) instead of being dropped.
  return JSON.stringify(value);
}
