'use client';

import { useTranslations } from 'next-intl';
import { Alert, Badge } from '@/components/ui';
import type { CompareResult } from '@/lib/client/imports/worker-protocol';

const text = (value: unknown) => (value === null || value === undefined || value === '' ? '—' : typeof value === 'object' ? JSON.stringify(value) : String(value));

/** What the rows would do to the live records: counts, then the rows that create, update or would fail. */
export function CompareSummary({ result, fieldLabel }: { result: CompareResult; fieldLabel: (field: string) => string }) {
  const t = useTranslations('workbench');
  const c = result.counts;
  return (
    <div className="space-y-3">
      <p role="status" className="text-sm">
        {t('compareCounts', { records: result.records, create: c.create, update: c.update, same: c.same, fail: c.not_found + c.ambiguous })}
      </p>
      {result.byCode ? <Alert tone="warning">{t('compareByCode', { count: result.byCode })}</Alert> : null}
      {result.rows.length ? (
        <div className="max-h-96 overflow-auto rounded-lg border border-zinc-200 dark:border-zinc-800">
          <table className="w-full text-left text-sm">
            <caption className="px-3 py-2 text-left font-medium">{t('compareCaption')}</caption>
            <thead className="bg-zinc-50 dark:bg-zinc-900">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">{t('line')}</th>
                <th scope="col" className="px-3 py-2 font-medium">{t('compareWhat')}</th>
                <th scope="col" className="px-3 py-2 font-medium">{t('compareChanges')}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
              {result.rows.map((row) => (
                <tr key={row.line} className={row.byCode ? 'bg-amber-50 dark:bg-amber-950/30' : undefined}>
                  <td className="px-3 py-1.5 tabular-nums">{row.line}</td>
                  <td className="px-3 py-1.5">
                    <Badge tone={row.kind === 'create' ? 'info' : row.kind === 'update' ? 'success' : 'danger'}>{t(`compareKinds.${row.kind}`)}</Badge>
                    {row.recordId != null ? <span className="ml-2 tabular-nums">#{row.recordId}</span> : null}
                    {row.byCode ? <span className="block text-xs font-medium text-amber-900 dark:text-amber-200">{t('matchedByCode')}</span> : null}
                  </td>
                  <td className="px-3 py-1.5">
                    {row.changes.map((ch) => (
                      <span key={ch.field} className="block">
                        {t('change', { field: fieldLabel(ch.field), old: text(ch.old), new: text(ch.new) })}
                      </span>
                    ))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}
