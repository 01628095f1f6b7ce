'use client';

import { useTranslations } from 'next-intl';
import { ExportCsvButton } from '@/components/data-table/export-csv-button';
import { consoleFetch } from '@/lib/client/console-fetch';
import { quotaExportColumns } from '@/lib/files/quota-export-columns';

// The endpoint entries carry the server's zod schemas: they load with the first call, not with the page.
const quotas = () => import('@/lib/contract/console/quotas').then((m) => m.quotasApi);

/** Every row of the dashboard's current filter and sort to Excel or CSV, through the console's one export module. */
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
  const columns = quotaExportColumns(tab, {
    header: (key) => t(key as 'credit.code'),
    yes: t('filters.yes'),
    no: t('filters.no'),
  });
  return (
    <ExportCsvButton
      fileBase={tab === 'credit' ? 'credit-quotas' : 'point-quotas'}
      columns={columns}
      fetchAll={fetchAll}
    />
  );
}
