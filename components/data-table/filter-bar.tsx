'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Button, Checkbox, Field, Input, Select, SelectOptions, cn } from '@/components/ui';
import type { LIST_FILTERS, ListFilters, ListName } from '@/lib/contract/lists';
import type { NavigateMode } from './use-list-url-state';
import { useIsClient } from './use-is-client';
import type { ListUrlState } from './url-state';
import { isoToLocalInput, localInputToIso, zoneLabel } from './zoned-date-time';

export interface FilterOption {
  value: string;
  label: string;
}

/** How one API filter is offered. The kinds follow LIST_FILTERS: substring, exact, id, datetime. */
export type FilterField =
  | { type: 'text'; label: string; description?: ReactNode; inputMode?: 'text' | 'numeric' }
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
  | { type: 'id'; label: string; description?: ReactNode }
  | { type: 'datetime'; label: string }
  /** A picker the list brings itself (e.g. a SKU search that sets an id); it gets the value and a setter. */
  | { type: 'custom'; label: string; render: (value: string | number | undefined, onChange: (value: string | number | undefined) => void) => ReactNode };

/** Every filter the list's endpoint offers must be given a field: the type makes forgetting one an error. */
export type FilterFields<L extends ListName> = { [K in keyof (typeof LIST_FILTERS)[L]]: FilterField };

export interface FilterBarProps<L extends ListName> {
  fields: FilterFields<L>;
  state: ListUrlState<L>;
  setFilters: (patch: ListFilters<L>, mode?: NavigateMode) => void;
  clearFilters: () => void;
  setExactCode?: (on: boolean) => void;
}

const DEBOUNCE_MS = 400;

/**
 * A filter bar built from the list's filter table; every change lands in the URL. Below 1024 px wide it folds
 * behind a "Filters" button (saying how many are set), so the table starts on the first screen.
 */
export function FilterBar<L extends ListName>({ fields, state, setFilters, clearFilters, setExactCode }: FilterBarProps<L>) {
  const t = useTranslations('dataTable');
  const values = state.filters as Record<string, string | number | undefined>;
  const set = (name: string, value: string | number | undefined, mode?: NavigateMode) =>
    setFilters({ [name]: value } as ListFilters<L>, mode);
  const active = Object.keys(values).length > 0 || state.exactCode;
  const [open, setOpen] = useState(false);
  const formId = useId();

  return (
    <div className="space-y-2">
      <Button
        variant="secondary"
        size="sm"
        className="lg:hidden"
        aria-expanded={open}
        aria-controls={formId}
        onClick={() => setOpen((o) => !o)}
      >
        {t('filtersCount', { count: Object.keys(values).length + (state.exactCode ? 1 : 0) })}
      </Button>
      <form
        id={formId}
        role="search"
        aria-label={t('filters')}
        className={cn('gap-4 rounded-lg border border-zinc-200 p-4 sm:grid-cols-2 lg:grid lg:grid-cols-4 dark:border-zinc-800', open ? 'grid' : 'hidden')}
        // Filters apply as they change; Enter in a text box applies at once (handled in the box).
        onSubmit={(e) => e.preventDefault()}
      >
        {(Object.entries(fields) as [string, FilterField][]).map(([name, field]) => {
          const value = values[name];
          switch (field.type) {
            case 'text':
            case 'id':
              return (
                <div key={name} className="space-y-2">
                  <TextFilter
                    name={name}
                    label={field.label}
                    description={field.description}
                    numeric={field.type === 'id' || field.inputMode === 'numeric'}
                    value={value === undefined ? '' : String(value)}
                    onCommit={(v, mode) => {
                      if (field.type !== 'id') return set(name, v, mode);
                      const id = /^[1-9][0-9]{0,15}$/.test(v.trim()) ? Number(v.trim()) : undefined;
                      if (v.trim() === '' || id !== undefined) set(name, id, mode);
                    }}
                  />
                  {name === 'outerSysCode' && setExactCode ? (
                    <Checkbox label={t('exactCode')} checked={state.exactCode} onChange={(e) => setExactCode(e.target.checked)} />
                  ) : null}
                </div>
              );
            case 'select':
              return (
                <Field key={name} label={field.label} description={field.description}>
                  <Select
                    name={name}
                    value={value === undefined ? '' : String(value)}
                    onChange={(e) => set(name, e.target.value === '' ? undefined : field.ids ? Number(e.target.value) : e.target.value)}
                  >
                    <option value="">{field.anyLabel}</option>
                    <SelectOptions options={field.options} groups={field.groups} />
                  </Select>
                </Field>
              );
            case 'datetime':
              return (
                <DateTimeFilter
                  key={name}
                  label={field.label}
                  value={typeof value === 'string' ? value : undefined}
                  onCommit={(iso) => set(name, iso)}
                />
              );
            case 'custom':
              return <div key={name}>{field.render(value, (v) => set(name, v))}</div>;
          }
        })}
        <div className="flex items-end">
          <Button variant="ghost" size="sm" disabled={!active} onClick={clearFilters}>
            {t('clearFilters')}
          </Button>
        </div>
      </form>
    </div>
  );

}

interface TextFilterProps {
  name: string;
  label: string;
  description?: ReactNode;
  numeric: boolean;
  value: string;
  onCommit: (value: string, mode: NavigateMode) => void;
}

/**
 * A text filter: applied 400 ms after typing stops, or at once on Enter. The first apply after focusing
 * adds a history entry (Back undoes the search); later ones while typing replace it.
 */
function TextFilter({ name, label, description, numeric, value, onCommit }: TextFilterProps) {
  const [draft, setDraft] = useState(value);
  const [seen, setSeen] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pushed = useRef(false);
  const composing = useRef(false);
  // The URL changed elsewhere (Back, Clear filters): show its value.
  if (seen !== value) {
    setSeen(value);
    setDraft(value);
  }
  const commit = (next: string) => {
    clearTimeout(timer.current);
    if (next === value) return;
    onCommit(next, pushed.current ? 'replace' : 'push');
    pushed.current = true;
  };
  return (
    <Field label={label} description={description}>
      <Input
        name={name}
        type="search"
        inputMode={numeric ? 'numeric' : undefined}
        autoComplete="off"
        value={draft}
        onFocus={() => {
          pushed.current = false;
        }}
        onChange={(e) => {
          const next = e.target.value;
          setDraft(next);
          clearTimeout(timer.current);
          // While an input method composes (Zhuyin: ㄅㄚ before 八), the text is not what the person means yet.
          if (!composing.current) timer.current = setTimeout(() => commit(next), DEBOUNCE_MS);
        }}
        onCompositionStart={() => {
          composing.current = true;
          clearTimeout(timer.current);
        }}
        onCompositionEnd={(e) => {
          composing.current = false;
          const next = e.currentTarget.value;
          setDraft(next);
          clearTimeout(timer.current);
          timer.current = setTimeout(() => commit(next), DEBOUNCE_MS);
        }}
        onKeyDown={(e) => {
          // Enter that picks a candidate of the input method is not a search.
          if (e.nativeEvent.isComposing || composing.current) return;
          if (e.key === 'Enter') {
            e.preventDefault();
            commit(draft);
          }
        }}
        onBlur={() => {
          if (!composing.current) commit(draft);
        }}
      />
    </Field>
  );
}

/**
 * updatedSince: a datetime-local box read in the person's zone, which is shown, and sent as ISO-8601 with
 * that zone's offset (the API refuses a time without a zone).
 */
function DateTimeFilter({ label, value, onCommit }: { label: string; value: string | undefined; onCommit: (iso: string | undefined) => void }) {
  const t = useTranslations('dataTable');
  const isClient = useIsClient();
  const ref = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const local = isClient && value ? isoToLocalInput(value) : '';
  // Uncontrolled so a half-typed date is never wiped by a re-render; follow the URL when it changes
  // elsewhere (Back, Clear filters) and the box is not being edited.
  useEffect(() => {
    if (ref.current && document.activeElement !== ref.current) ref.current.value = local;
  }, [local]);
  const commit = (raw: string) => {
    clearTimeout(timer.current);
    if (raw === '') {
      if (value) onCommit(undefined);
      return;
    }
    const iso = localInputToIso(raw);
    if (iso && iso !== value) onCommit(iso);
  };
  return (
    <Field
      label={label}
      description={isClient ? t('zoneHint', { zone: zoneLabel(value ? new Date(value) : new Date()) }) : t('zoneHintPending')}
    >
      <Input
        ref={ref}
        type="datetime-local"
        step={1}
        defaultValue={local}
        onChange={(e) => {
          const raw = e.target.value;
          clearTimeout(timer.current);
          // Only a complete value reaches here as non-empty; wait for the person to finish the segments.
          if (raw !== '') timer.current = setTimeout(() => commit(raw), 800);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            commit(e.currentTarget.value);
          }
        }}
        onBlur={(e) => commit(e.target.value)}
      />
    </Field>
  );
}
