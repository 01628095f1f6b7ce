'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { Alert, Button, Field, Input } from '@/components/ui';
import { isApiError } from '@/lib/client/api-error';
import { findSkusByCode, useSkuSearch } from '@/lib/client/skus/search-skus';
import type { Sku } from '@/lib/contract/skus';

const DEBOUNCE_MS = 300;

/** How a SKU is named wherever one is picked: code, name and the id that tells look-alikes apart. */
export function skuLabel(sku: { id: number; outerSysCode: string | null; name: string | null }): string {
  return `${sku.outerSysCode || '—'} · ${sku.name || '—'} (id ${sku.id})`;
}

export interface SkuSearchProps {
  label: string;
  description?: ReactNode;
  /** 'add' for the recipe editor, 'choose' for a filter. */
  action: 'add' | 'choose';
  onPick: (sku: Sku) => void;
  /** SKU ids already taken (shown, not offered again). */
  taken?: ReadonlySet<number>;
}

/**
 * Finds a SKU by part of its code or name. Enter takes the SKU whose code is exactly what was typed (as the
 * service matches component codes); when that code matches several SKUs it lists them and the person
 * chooses one by id: it never picks one of them itself.
 */
export function SkuSearch({ label, description, action, onPick, taken }: SkuSearchProps) {
  const t = useTranslations('bundles.search');
  const statusId = useId();
  const [draft, setDraft] = useState('');
  const [term, setTerm] = useState('');
  const [ambiguous, setAmbiguous] = useState<{ code: string; skus: Sku[] } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [resolving, setResolving] = useState(false);
  const results = useSkuSearch(term);

  useEffect(() => {
    const timer = setTimeout(() => setTerm(draft), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft]);

  const pick = (sku: Sku) => {
    onPick(sku);
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
      const matches = await findSkusByCode(code);
      if (matches.length === 1) pick(matches[0] as Sku);
      else if (matches.length > 1) setAmbiguous({ code, skus: matches });
      else setNotice(t('noCode', { code }));
    } catch (error) {
      setNotice(t('failed', { error: isApiError(error) ? error.sentence : String(error) }));
    } finally {
      setResolving(false);
    }
  };

  const rows = term.trim() !== '' ? results.data : undefined;
  let status = '';
  if (resolving || (term.trim() !== '' && results.isFetching)) status = t('searching');
  else if (notice) status = notice;
  else if (results.error && term.trim() !== '') status = t('failed', { error: isApiError(results.error) ? results.error.sentence : String(results.error) });
  else if (rows) status = t('results', { count: rows.length });

  return (
    <div className="space-y-2">
      <Field label={label} description={description ?? (action === 'add' ? t('enterHint') : undefined)}>
        <Input
          type="search"
          autoComplete="off"
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
        <Alert tone="warning" title={t('ambiguous', { code: ambiguous.code, count: ambiguous.skus.length })}>
          <ul className="mt-2 space-y-1">
            {ambiguous.skus.map((sku) => (
              <li key={sku.id}>
                <Button size="sm" variant="secondary" disabled={taken?.has(sku.id)} onClick={() => pick(sku)}>
                  {t('chooseId', { id: sku.id, sku: skuLabel(sku) })}
                </Button>
              </li>
            ))}
          </ul>
        </Alert>
      ) : null}
      {rows && rows.length > 0 && !ambiguous ? (
        <ul aria-label={t('resultsLabel')} className="max-h-64 space-y-1 overflow-y-auto rounded-md border border-zinc-200 p-2 dark:border-zinc-800">
          {rows.map((sku) => {
            const already = taken?.has(sku.id) ?? false;
            return (
              <li key={sku.id} className="flex items-center gap-2 text-sm">
                <Button size="sm" variant="ghost" className="h-auto min-h-8 text-left whitespace-normal" disabled={already} onClick={() => pick(sku)}>
                  {action === 'add' ? t('add', { sku: skuLabel(sku) }) : t('choose', { sku: skuLabel(sku) })}
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
