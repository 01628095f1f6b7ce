'use client';

import { useTranslations } from 'next-intl';
import { Alert, Badge } from '@/components/ui';
import type { CompareResult } from '@/lib/client/imports/worker-protocol';
import { Table, TBody, Td, Th, THead, Tr } from '@/components/ui/table';

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
        <Table caption={t('compareCaption')} captionVisible frameClassName="max-h-96 overflow-auto">
          <THead>
            <Tr>
              <Th>{t('line')}</Th>
              <Th>{t('compareWhat')}</Th>
              <Th>{t('compareChanges')}</Th>
            </Tr>
          </THead>
          <TBody>
            {result.rows.map((row) => (
              <Tr key={row.line} className={row.byCode ? 'bg-amber-50 dark:bg-amber-950/30' : undefined}>
                <Td className="tabular-nums">{row.line}</Td>
                <Td>
                  <Badge tone={row.kind === 'create' ? 'info' : row.kind === 'update' ? 'success' : 'danger'}>{t(`compareKinds.${row.kind}`)}</Badge>
                  {row.recordId != null ? <span className="ml-2 tabular-nums">#{row.recordId}</span> : null}
                  {row.byCode ? <span className="block text-xs font-medium text-amber-900 dark:text-amber-200">{t('matchedByCode')}</span> : null}
                </Td>
                <Td>
                  {row.changes.map((ch) => (
                    <span key={ch.field} className="block">
                      {t('change', { field: fieldLabel(ch.field), old: text(ch.old), new: text(ch.new) })}
                    </span>
                  ))}
                </Td>
              </Tr>
            ))}
          </TBody>
        </Table>
      ) : null}
    </div>
  );
}
