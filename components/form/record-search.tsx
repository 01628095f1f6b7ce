'use client';

import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useEffect, useId, useState, type ReactNode, type Ref } from 'react';
import { Alert, Button, Field, Input } from '@/components/ui';
import { isApiError } from '@/lib/client/api-error';

const DEBOUNCE_MS = 300;

/** Where a picker finds its records (lib/client): by part of code or name, and by exact code. */
export interface RecordSearchSource<T extends { id: number }> {
  /** Query key prefix of the searches (under the resource's lists key, so writes refresh them). */
  key: readonly unknown[];
  search(term: string, signal?: AbortSignal): Promise<T[]>;
  /** Every record whose code is exactly `code` (as the service would match it). */
  findByCode(code: string, signal?: AbortSignal): Promise<T[]>;
  /** How a record is named in the list: code, name and the id that tells look-alikes apart. */
  label(row: T): string;
}

/** Catalogue namespaces with the picker's sentences (same keys in each; see bundles.search). */
export type RecordSearchMessages = 'bundles.search' | 'find.productSearch' | 'find.companySearch';

export interface RecordSearchProps<T extends { id: number }> {
  label: string;
  description?: ReactNode;
  /** 'add' for the recipe editor, 'choose' for a field or a filter. */
  action: 'add' | 'choose';
  onPick: (row: T) => void;
  /** Ids already taken (shown, not offered again). */
  taken?: ReadonlySet<number>;
  source: RecordSearchSource<T>;
  messages: RecordSearchMessages;
  /** As a form's field (the SKU's product): its control id, error sentence, required mark and the ref RHF focuses. */
  id?: string;
  error?: string;
  required?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * The one record picker (SKUs in the recipe editor and the bundle filter, products in the SKU form and
 * filter, companies in the quota edit). Finds by part of the code or name; Enter takes the record whose code
 * is exactly what was typed; when that code matches several records it lists them and the person chooses
 * one by id: it never picks one of them itself.
 */
export function RecordSearch<T extends { id: number }>({
  label,
  description,
  action,
  onPick,
  taken,
  source,
  messages,
  id,
  error,
  required,
  inputRef,
}: RecordSearchProps<T>) {
  const t = useTranslations(messages);
  const statusId = useId();
  const [draft, setDraft] = useState('');
  const [term, setTerm] = useState('');
  const [ambiguous, setAmbiguous] = useState<{ code: string; rows: T[] } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [resolving, setResolving] = useState(false);
  const text = term.trim();
  const results = useQuery({
    queryKey: [...source.key, 'search', text],
    queryFn: ({ signal }) => source.search(text, signal),
    enabled: text !== '',
    staleTime: 30_000,
  });

  useEffect(() => {
    const timer = setTimeout(() => setTerm(draft), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft]);

  const pick = (row: T) => {
    onPick(row);
    setDraft('');
    setTerm('');
    setAmbiguous(null);
    setNotice(null);
  };

  const resolveCode = async () => {
    const code = draft.trim();
    if (code === '') return;
    setResolving(true);
    setAmbiguous(null);
    setNotice(null);
    try {
      const matches = await source.findByCode(code);
      if (matches.length === 1) pick(matches[0] as T);
      else if (matches.length > 1) setAmbiguous({ code, rows: matches });
      else setNotice(t('noCode', { code }));
    } catch (error) {
      setNotice(t('failed', { error: isApiError(error) ? error.sentence : String(error) }));
    } finally {
      setResolving(false);
    }
  };

  const rows = text !== '' ? results.data : undefined;
  let status = '';
  if (resolving || (text !== '' && results.isFetching)) status = t('searching');
  else if (notice) status = notice;
  else if (results.error && text !== '')
    status = t('failed', { error: isApiError(results.error) ? results.error.sentence : String(results.error) });
  else if (rows) status = t('results', { count: rows.length });

  return (
    <div className="space-y-2">
      <Field label={label} description={description ?? t('enterHint')} id={id} error={error} required={required}>
        <Input
          ref={inputRef}
          type="search"
          autoComplete="off"
          enterKeyHint="search"
          value={draft}
          aria-controls={statusId}
          onChange={(e) => {
            setDraft(e.target.value);
            setAmbiguous(null);
            setNotice(null);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void resolveCode();
            }
          }}
        />
      </Field>
      <p id={statusId} role="status" className="text-xs text-zinc-600 dark:text-zinc-400">
        {status}
      </p>
      {ambiguous ? (
        <Alert tone="warning" title={t('ambiguous', { code: ambiguous.code, count: ambiguous.rows.length })}>
          <ul className="mt-2 space-y-1">
            {ambiguous.rows.map((row) => (
              <li key={row.id}>
                <Button size="sm" variant="secondary" disabled={taken?.has(row.id)} onClick={() => pick(row)}>
                  {t('chooseId', { id: row.id, label: source.label(row), sku: source.label(row) })}
                </Button>
              </li>
            ))}
          </ul>
        </Alert>
      ) : null}
      {rows && rows.length > 0 && !ambiguous ? (
        <ul
          aria-label={t('resultsLabel')}
          className="max-h-64 space-y-1 overflow-y-auto rounded-md border border-zinc-200 p-2 dark:border-zinc-800"
        >
          {rows.map((row) => {
            const already = taken?.has(row.id) ?? false;
            return (
              <li key={row.id} className="flex items-center gap-2 text-sm">
                <Button
                  size="sm"
                  variant="ghost"
                  className="h-auto min-h-8 text-left whitespace-normal"
                  disabled={already}
                  onClick={() => pick(row)}
                >
                  {action === 'add'
                    ? t('add', { label: source.label(row), sku: source.label(row) })
                    : t('choose', { label: source.label(row), sku: source.label(row) })}
                </Button>
                {already ? <span className="text-xs text-zinc-600 dark:text-zinc-400">{t('already')}</span> : null}
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
