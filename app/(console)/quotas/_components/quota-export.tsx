'use client';

import { useTranslations } from 'next-intl';
import { ExportCsvButton } from '@/components/data-table/export-csv-button';
import type { CsvColumn } from '@/lib/files/csv-write';
import { consoleFetch } from '@/lib/client/console-fetch';
import type { CreditRow, PointRow } from '@/lib/contract/console/quotas';

// The endpoint entries carry the server's zod schemas: they load with the first call, not with the page.
const quotas = () => import('@/lib/contract/console/quotas').then((m) => m.quotasApi);

/** Every row of the dashboard's current filter and sort to CSV, through the console's one export module. */
export function QuotaExport({ tab, search }: { tab: 'credit' | 'points'; search: string }) {
  const t = useTranslations('quotas');
  const fetchAll = async ({
    signal,
    onProgress,
  }: {
    signal: AbortSignal;
    onProgress: (p: { fetched: number; total: number }) => void;
  }) => {
    const { rows } = await consoleFetch((await quotas()).rows, {
      query: Object.fromEntries(new URLSearchParams(search)),
      signal,
    });
    onProgress({ fetched: rows.length, total: rows.length });
    return rows;
  };
  const common = [
    { header: 'companyId', value: (r: CreditRow | PointRow) => r.companyId },
    { header: t('credit.code'), value: (r: CreditRow | PointRow) => r.code },
    { header: t('credit.name'), value: (r: CreditRow | PointRow) => r.name },
  ];
  const columns: CsvColumn<CreditRow | PointRow>[] =
    tab === 'credit'
      ? [
          ...common,
          { header: t('credit.creditAmount'), value: (r) => (r as CreditRow).creditAmount },
          { header: t('credit.pendingAmount'), value: (r) => (r as CreditRow).pendingAmount },
          { header: t('credit.availableAmount'), value: (r) => (r as CreditRow).availableAmount },
          { header: t('credit.utilisation'), value: (r) => (r as CreditRow).utilisation },
          { header: t('credit.enabled'), value: (r) => r.enabled },
          { header: t('credit.memo'), value: (r) => r.memo },
          { header: t('credit.readAt'), value: (r) => r.readAt },
        ]
      : [
          ...common,
          { header: t('points.balance'), value: (r) => (r as PointRow).balance },
          { header: t('points.enabled'), value: (r) => r.enabled },
          { header: t('credit.memo'), value: (r) => r.memo },
          { header: t('credit.readAt'), value: (r) => r.readAt },
        ];
  return (
    <ExportCsvButton
      fileBase={tab === 'credit' ? 'credit-quotas' : 'point-quotas'}
      columns={columns}
      fetchAll={fetchAll}
    />
  );
}
