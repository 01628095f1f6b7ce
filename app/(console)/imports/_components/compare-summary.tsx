'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Alert, Badge, Field, Select } from '@/components/ui';
import { Table, TBody, Td, THead, Tr } from '@/components/ui/table';
import { COMPARE_ROWS_SHOWN, type CompareResult } from '@/lib/client/imports/worker-protocol';
import type { RowIssue } from '@/lib/imports/check';
import type { CompareKind } from '@/lib/imports/compare';

const text = (value: unknown) =>
  value === null || value === undefined || value === ''
    ? '—'
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);

const KINDS: CompareKind[] = ['create', 'update', 'same', 'would_fail', 'not_found', 'ambiguous'];
const TONE: Record<CompareKind, 'info' | 'success' | 'neutral' | 'danger'> = {
  create: 'info',
  update: 'success',
  same: 'neutral',
  would_fail: 'danger',
  not_found: 'danger',
  ambiguous: 'danger',
};

/**
 * What the rows would do to the live records: counts, then the rows themselves, filterable by what they would
 * do, so the rows that change nothing can be seen and not only counted.
 */
export function CompareSummary({
  result,
  fieldLabel,
  issueText,
}: {
  result: CompareResult;
  fieldLabel: (field: string) => string;
  issueText: (issue: RowIssue) => string;
}) {
  const t = useTranslations('workbench');
  const [shown, setShown] = useState<CompareKind | ''>('');
  const c = result.counts;
  const kinds = KINDS.filter((k) => c[k] > 0);
  // A kind no row has any more (the leading zeros were restored) shows every row again.
  const filter = shown && c[shown] > 0 ? shown : '';
  const rows = filter ? result.rows.filter((r) => r.kind === filter) : result.rows;
  return (
    <div className="space-y-3">
      <p role="status" className="text-sm">
        {t('compareCounts', {
          records: result.records,
          create: c.create,
          update: c.update,
          same: c.same,
          fail: c.not_found + c.ambiguous + c.would_fail,
        })}
      </p>
      {result.byCode ? <Alert tone="warning">{t('compareByCode', { count: result.byCode })}</Alert> : null}
      {result.rows.length ? (
        <>
          <div className="max-w-xs">
            <Field label={t('compareFilter')}>
              <Select value={filter} onChange={(e) => setShown(e.target.value as CompareKind | '')}>
                <option value="">{t('compareAll', { count: result.rows.length })}</option>
                {kinds.map((k) => (
                  <option key={k} value={k}>{`${t(`compareKinds.${k}`)} (${c[k]})`}</option>
                ))}
              </Select>
            </Field>
          </div>
          <Table caption={t('compareCaption')} captionVisible frameClassName="max-h-96 overflow-auto">
            <THead columns={[t('line'), t('compareWhat'), t('compareChanges')]} />
            <TBody>
              {rows.map((row) => (
                <Tr
                  key={row.line}
                  data-kind={row.kind}
                  className={row.byCode ? 'bg-amber-50 dark:bg-amber-950/30' : undefined}
                >
                  <Td className="tabular-nums">{row.line}</Td>
                  <Td className="whitespace-nowrap">
                    <Badge tone={TONE[row.kind]}>{t(`compareKinds.${row.kind}`)}</Badge>
                    {row.recordId != null ? <span className="ml-2 tabular-nums">#{row.recordId}</span> : null}
                    {row.byCode ? (
                      <span className="block text-xs font-medium text-amber-900 dark:text-amber-200">
                        {t('matchedByCode')}
                      </span>
                    ) : null}
                  </Td>
                  <Td>
                    {row.reason ? (
                      <span className="block text-red-800 dark:text-red-300">{issueText(row.reason)}</span>
                    ) : null}
                    {row.note ? (
                      <span className="block font-medium text-amber-900 dark:text-amber-200">
                        {issueText(row.note)}
                      </span>
                    ) : null}
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
          {kinds.some((k) => c[k] > COMPARE_ROWS_SHOWN) ? (
            <p className="text-xs text-zinc-600 dark:text-zinc-400">
              {t('compareShown', { shown: COMPARE_ROWS_SHOWN })}
            </p>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
