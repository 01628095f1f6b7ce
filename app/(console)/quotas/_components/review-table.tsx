'use client';

import { Th } from '@/components/ui';
import type { useTranslations } from 'next-intl';
import type { PreviewRow } from '@/lib/contract/console/quotas';

/** The review step's old → new per company, as just read from the platform. */
export function ReviewTable({
  amountHeader,
  rows,
  t,
  money,
  onOff,
  nameOf,
  reason,
  approvalNote,
}: {
  amountHeader: string;
  rows: PreviewRow[];
  t: ReturnType<typeof useTranslations<'quotas.edit'>>;
  money: (n: number) => string;
  onOff: (b: boolean) => string;
  nameOf: (row: PreviewRow) => string;
  reason: (code: string) => string;
  /** The approval policy's say on the row (needs approval, one already waits), or null. */
  approvalNote: (row: PreviewRow) => string | null;
}) {
  // Kept whole in a narrow column: 無變更 must not break into 無變 / 更, nor an amount across two lines.
  const change = (a: string, b: string) => (
    <span className="whitespace-nowrap">{a === b ? t('unchanged') : `${a} → ${b}`}</span>
  );
  return (
    <div className="max-h-80 overflow-auto rounded border border-zinc-200 dark:border-zinc-800">
      <table className="w-full text-left text-sm">
        <thead className="bg-zinc-50 dark:bg-zinc-900">
          <tr>
            <Th className="px-2 py-1 font-medium">{t('company')}</Th>
            <Th className="px-2 py-1 font-medium whitespace-nowrap">{amountHeader}</Th>
            <Th className="px-2 py-1 font-medium whitespace-nowrap">{t('enabled')}</Th>
            <Th className="px-2 py-1 font-medium whitespace-nowrap">{t('memo')}</Th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
          {rows.map((r) => (
            <tr key={r.companyId}>
              <th scope="row" className="px-2 py-1 font-normal">
                {nameOf(r)}
                {r.errors.map((e) => (
                  <span key={e.field + e.code} className="block text-red-700 dark:text-red-400">
                    {t('invalid', { reason: reason(e.code) })}
                  </span>
                ))}
                {approvalNote(r) ? (
                  <span className="block text-amber-800 dark:text-amber-300">{approvalNote(r)}</span>
                ) : null}
              </th>
              <td className="px-2 py-1 tabular-nums">{change(money(r.old.amount), money(r.new.amount))}</td>
              <td className="px-2 py-1">{change(onOff(r.old.enabled), onOff(r.new.enabled))}</td>
              <td className="px-2 py-1">
                {(r.old.memo ?? '') === (r.new.memo ?? '') ? (
                  change('', '')
                ) : (
                  <span className="break-words">{`${r.old.memo ?? ''} → ${r.new.memo ?? ''}`}</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
