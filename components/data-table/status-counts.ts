import type { FilterField } from './filter-bar';

/**
 * The status filter's options with how many records hold each status (the mirror's counts for the other
 * filters, so a person sees what choosing one would give); the fields as they are without counts.
 */
export function withStatusCounts<F extends Record<string, FilterField>>(
  fields: F,
  counts: Record<string, number> | null,
  label: (label: string, count: number) => string,
): F {
  const status = (fields as Record<string, FilterField>).status;
  if (!counts || status?.type !== 'select') return fields;
  const options = status.options.map((o) => ({ ...o, label: label(o.label, counts[o.value] ?? 0) }));
  return { ...fields, status: { ...status, options } };
}
