'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Field, Input } from '@/components/ui';
import type { NavigateMode } from './use-list-url-state';
import { useIsClient } from './use-is-client';
import { isoToLocalInput, localInputToIso, zoneLabel } from './zoned-date-time';

/** A filter field's help, under its box on one line (cut, the whole sentence on hover; read in full with the box). */
const DEBOUNCE_MS = 400;

export const FILTER_FIELD = 'flex flex-col [&>p]:order-last [&>p]:truncate';

export interface TextFilterProps {
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
export function TextFilter({ name, label, description, numeric, value, onCommit }: TextFilterProps) {
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
    <Field label={label} description={description} className={FILTER_FIELD}>
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
export function DateTimeFilter({
  label,
  value,
  onCommit,
}: {
  label: string;
  value: string | undefined;
  onCommit: (iso: string | undefined) => void;
}) {
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
      className={FILTER_FIELD}
      label={label}
      description={
        <ZoneHint
          text={
            isClient ? t('zoneHint', { zone: zoneLabel(value ? new Date(value) : new Date()) }) : t('zoneHintPending')
          }
        />
      }
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

/** The zone sentence, cut to one line under the box: whole on hover, and read with the box. */
function ZoneHint({ text }: { text: string }) {
  return <span title={text}>{text}</span>;
}
