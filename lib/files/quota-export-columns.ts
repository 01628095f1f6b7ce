import type { CreditRow, PointRow } from '@/lib/contract/console/quotas';
import type { XlsxColumn } from './xlsx-cells';

/**
 * The Quotas page's export (issue 54 point 2): typed as every export is, so a manager can add it up in Excel —
 * amounts money, utilisation a percentage, enabled in the person's words (which the import reads back), the read
 * time a date-time. Headers are the page's own (`quotas.credit.*`, `quotas.points.*`), which the quota import
 * recognises (lib/imports/console-headers).
 */
export type QuotaRow = CreditRow | PointRow;

export interface QuotaExportWords {
  /** A header by its catalogue key under `quotas` (`credit.code`, `points.balance`). */
  header: (key: string) => string;
  yes: string;
  no: string;
}

export function quotaExportColumns(tab: 'credit' | 'points', words: QuotaExportWords): XlsxColumn<QuotaRow>[] {
  const { header } = words;
  const enabled = (r: QuotaRow) => (r.enabled ? words.yes : words.no);
  const common: XlsxColumn<QuotaRow>[] = [
    { header: header('credit.companyId'), value: (r) => r.companyId },
    { header: header('credit.code'), value: (r) => r.code },
    { header: header('credit.name'), value: (r) => r.name },
  ];
  const end: XlsxColumn<QuotaRow>[] = [
    { header: header('credit.memo'), value: (r) => r.memo },
    { header: header('credit.readAt'), value: (r) => r.readAt, kind: 'datetime' },
  ];
  const credit = (r: QuotaRow) => r as CreditRow;
  if (tab === 'points')
    return [
      ...common,
      { header: header('points.balance'), value: (r) => (r as PointRow).balance, kind: 'number' },
      { header: header('points.enabled'), value: enabled },
      ...end,
    ];
  return [
    ...common,
    { header: header('credit.creditAmount'), value: (r) => credit(r).creditAmount, kind: 'money' },
    { header: header('credit.pendingAmount'), value: (r) => credit(r).pendingAmount, kind: 'money' },
    { header: header('credit.availableAmount'), value: (r) => credit(r).availableAmount, kind: 'money' },
    { header: header('credit.utilisation'), value: (r) => credit(r).utilisation, kind: 'percent' },
    { header: header('credit.enabled'), value: enabled },
    ...end,
  ];
}
