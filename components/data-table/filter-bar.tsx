'use client';

import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { Checkbox, Field, Select, SelectOptions, cn } from '@/components/ui';
import type { LIST_FILTERS, ListFilters, ListName } from '@/lib/contract/lists';
import { DateTimeFilter, FILTER_FIELD, TextFilter } from './filter-inputs';
import type { NavigateMode } from './use-list-url-state';
import type { ListUrlState } from './url-state';

export interface FilterOption {
  value: string;
  label: string;
}

/** How one API filter is offered. The kinds follow LIST_FILTERS: substring, exact, id, datetime. */
export type FilterField =
  | {
      type: 'text';
      label: string;
      description?: ReactNode;
      inputMode?: 'text' | 'numeric';
      /** The list's search reaches this text too: no box of its own beside the search (still a chip when set). */
      searchCovers?: boolean;
    }
  | {
      type: 'select';
      label: string;
      anyLabel: string;
      options: FilterOption[];
      groups?: { label: string; options: FilterOption[] }[];
      description?: ReactNode;
      /** Id pickers (salesperson, category) keep a number in the URL state. */
      ids?: boolean;
    }
  | {
      type: 'id';
      label: string;
      description?: ReactNode;
      /** Set by a picker the list brings (`extra`), not typed: no box of its own (still a chip when set). */
      picked?: boolean;
      /** The record the id points at, by code and name, for its chip. */
      named?: string;
    }
  | { type: 'datetime'; label: string }
  /** A picker the list brings itself (e.g. a SKU search that sets an id); it gets the value and a setter. */
  | {
      type: 'custom';
      label: string;
      render: (value: string | number | undefined, onChange: (value: string | number | undefined) => void) => ReactNode;
    };

/** Every filter the list's endpoint offers must be given a field: the type makes forgetting one an error. */
export type FilterFields<L extends ListName> = { [K in keyof (typeof LIST_FILTERS)[L]]: FilterField };

export interface FilterBarProps<L extends ListName> {
  fields: FilterFields<L>;
  state: ListUrlState<L>;
  setFilters: (patch: ListFilters<L>, mode?: NavigateMode) => void;
  setExactCode?: (on: boolean) => void;
  /** Beside a search: the code box looks for exactly this code (the filter and the exact-code toggle at once). */
  setExactCodeFilter?: (code: string, mode?: NavigateMode) => void;
  /** The panel's element id (the toggle's aria-controls). */
  id: string;
  /** The account's choice (see useFiltersFolding): null while the width decides, through CSS. */
  chosen: boolean | null;
  /** More ways to filter the list brings (e.g. a product finder), on the panel's last line. */
  extra?: ReactNode;
  /** A search across the record's texts (lists that read the mirror), first on the line, with its list's hint. */
  search?: { value: string; onCommit: (value: string, mode: NavigateMode) => void; help: string };
}

/**
 * A filter's box: as wide as a share of the line allows, never under 6.5rem (a choice's box never under 8.5rem, so
 * "Any status" and its arrow still show whole). The SKU list's seven boxes and its date then fit one line at
 * 1280 px, with room for a 17 px window scroll bar; at 8.5rem each its date went to a second line.
 */
const BOX = 'min-w-0 flex-[1_1_6.5rem]';
const CHOICE_BOX = 'min-w-0 flex-[1_1_8.5rem]';

/** A help text cut to one line under its box: the whole sentence on hover, and read with the box. */
function hint(description: ReactNode): ReactNode {
  return typeof description === 'string' ? <span title={description}>{description}</span> : description;
}

/**
 * The filter panel, built from the list's filter table; every change lands in the URL. One line of boxes at a
 * laptop's width, so the table still starts high on the first screen; folded, FilterSummary stands for it.
 */
export function FilterBar<L extends ListName>({
  fields,
  state,
  setFilters,
  setExactCode,
  setExactCodeFilter,
  id,
  chosen,
  extra,
  search,
}: FilterBarProps<L>) {
  const t = useTranslations('dataTable');
  const values = state.filters as Record<string, string | number | undefined>;
  const set = (name: string, value: string | number | undefined, mode?: NavigateMode) =>
    setFilters({ [name]: value } as ListFilters<L>, mode);

  return (
    <form
      id={id}
      role="search"
      aria-label={t('filters')}
      className={cn(
        'space-y-2 rounded-lg border border-zinc-200 px-3 py-3 dark:border-zinc-800',
        chosen === null ? 'hidden lg:block' : chosen ? 'block' : 'hidden',
      )}
      // Filters apply as they change; Enter in a text box applies at once (handled in the box).
      onSubmit={(e) => e.preventDefault()}
    >
      {/* One line of boxes at 1280 px (six fit); they wrap on a narrower screen. */}
      <div className="flex flex-wrap gap-2">
        {search ? (
          <div className={BOX}>
            <TextFilter
              name="q"
              label={t('search')}
              description={hint(search.help)}
              numeric={false}
              value={search.value}
              onCommit={search.onCommit}
            />
          </div>
        ) : null}
        {(Object.entries(fields) as [string, FilterField][]).map(([name, field]) => {
          const value = values[name];
          // Overlapping boxes merge (issue 54): beside a search, a text it reaches has no box, and the code box
          // looks for one exact code; an id a picker sets is shown by the picker.
          if ((field.type === 'text' && field.searchCovers && search) || (field.type === 'id' && field.picked))
            return null;
          if (name === 'outerSysCode' && search && setExactCodeFilter)
            return (
              <div key={name} className={BOX}>
                <TextFilter
                  name={name}
                  label={t('exactCode')}
                  description={hint(t('exactCodeHelp'))}
                  numeric={false}
                  value={typeof value === 'string' ? value : ''}
                  onCommit={setExactCodeFilter}
                />
              </div>
            );
          switch (field.type) {
            case 'text':
            case 'id':
              return (
                <div key={name} className={BOX}>
                  <TextFilter
                    name={name}
                    label={field.label}
                    description={hint(field.description)}
                    numeric={field.type === 'id' || field.inputMode === 'numeric'}
                    value={value === undefined ? '' : String(value)}
                    onCommit={(v, mode) => {
                      if (field.type !== 'id') return set(name, v, mode);
                      const id = /^[1-9][0-9]{0,15}$/.test(v.trim()) ? Number(v.trim()) : undefined;
                      if (v.trim() === '' || id !== undefined) set(name, id, mode);
                    }}
                  />
                  {name === 'outerSysCode' && setExactCode ? (
                    // The gap keeps the 16 px box 24 px clear of the text box above (WCAG target size).
                    <div className="mt-1.5">
                      <Checkbox
                        label={t('exactCode')}
                        checked={state.exactCode}
                        onChange={(e) => setExactCode(e.target.checked)}
                      />
                    </div>
                  ) : null}
                </div>
              );
            case 'select':
              return (
                <Field
                  key={name}
                  label={field.label}
                  description={hint(field.description)}
                  className={cn(CHOICE_BOX, FILTER_FIELD)}
                >
                  <Select
                    name={name}
                    value={value === undefined ? '' : String(value)}
                    onChange={(e) =>
                      set(name, e.target.value === '' ? undefined : field.ids ? Number(e.target.value) : e.target.value)
                    }
                  >
                    <option value="">{field.anyLabel}</option>
                    <SelectOptions options={field.options} groups={field.groups} />
                  </Select>
                </Field>
              );
            case 'datetime':
              return (
                <div key={name} className="min-w-0 flex-[1.4_1_13rem]">
                  <DateTimeFilter
                    label={field.label}
                    value={typeof value === 'string' ? value : undefined}
                    onCommit={(iso) => set(name, iso)}
                  />
                </div>
              );
            case 'custom':
              return (
                <div key={name} className={BOX}>
                  {field.render(value, (v) => set(name, v))}
                </div>
              );
          }
        })}
      </div>
      {extra}
    </form>
  );
}
