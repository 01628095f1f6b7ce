import type { FilterField, FilterOption } from './filter-bar';

/** A list's catalogue: its `filters.*` and `fields.*` words. */
type Words = (key: string) => string;

/** First in every master-data list's filters: the ERP code, and the name (which the search covers). */
export function codeAndNameFilters(t: Words) {
  return {
    outerSysCode: { type: 'text', label: t('filters.code') },
    name: { type: 'text', label: t('filters.name'), searchCovers: true },
  } satisfies Record<string, FilterField>;
}

/** The record's status, one of the family's values or any. */
export function statusFilter(t: Words, options: FilterOption[]): FilterField {
  return { type: 'select', label: t('fields.status'), anyLabel: t('filters.anyStatus'), options };
}

/** Last in every master-data list's filters: changed since a moment. */
export function updatedSinceFilter(t: Words): FilterField {
  return { type: 'datetime', label: t('fields.updatedSince') };
}

type IdOption = { value: number; label: string };

/**
 * A choice of a referenced record by id (a salesperson, a category), from its picker's options, grouped or not; the
 * URL keeps the number.
 */
export function idChoiceFilter(
  label: string,
  anyLabel: string,
  choices: { options: IdOption[] } | { groups: { label: string; options: IdOption[] }[] },
): FilterField {
  const options = (list: IdOption[]) => list.map((o) => ({ value: String(o.value), label: o.label }));
  return 'groups' in choices
    ? {
        type: 'select',
        ids: true,
        label,
        anyLabel,
        options: [],
        groups: choices.groups.map((g) => ({ label: g.label, options: options(g.options) })),
      }
    : { type: 'select', ids: true, label, anyLabel, options: options(choices.options) };
}
