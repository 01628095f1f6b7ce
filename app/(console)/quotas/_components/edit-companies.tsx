'use client';

import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { useCallback } from 'react';
import { Table, TBody, Td, Th, THead, Tr } from '@/components/ui/table';
import { formatNtdExact } from '@/lib/i18n/money';
import { parseAmountOrNull } from '@/lib/contract/amount-text';

/** A company in an edit: its current amount as the table showed it, or null when not read yet (added in the dialog). */
export interface EditedCompany {
  companyId: number;
  code: string | null;
  name: string | null;
  current: number | null;
}

/**
 * How the edit shows a quota amount: a credit amount as the table shows money, with every decimal it has (a typed
 * amount is checked digit by digit), a point balance as a plain figure.
 */
export function useQuotaFigure(tab: 'credit' | 'points'): (n: number) => string {
  const locale = useLocale();
  const format = useFormatter();
  return useCallback(
    (n: number) => (tab === 'credit' ? formatNtdExact(locale, n) : format.number(n, { maximumFractionDigits: 4 })),
    [tab, locale, format],
  );
}

export const companyLabel = (c: { companyId: number; code: string | null; name: string | null }) =>
  [c.code, c.name].filter(Boolean).join(' — ') || String(c.companyId);

/** Whom the edit is for, what each amount is now and what it will become, as the new amount is typed. */
export function EditCompanies({
  tab,
  companies,
  typed,
}: {
  tab: 'credit' | 'points';
  companies: EditedCompany[];
  typed: string;
}) {
  const t = useTranslations('quotas.edit');
  const figure = useQuotaFigure(tab);
  // The shared amount reader: the figure shown is the one the box read ("NT$2,340,000", full-width digits).
  const next = parseAmountOrNull(typed);
  const becomes = () => (next === null ? t('unchanged') : Number.isFinite(next) ? figure(next) : t('notANumber'));
  return (
    <div className="max-h-48 overflow-y-auto rounded border border-zinc-200 px-3 dark:border-zinc-800">
      <Table variant="plain" caption={t('companiesCaption')}>
        <THead>
          <Tr>
            <Th>{t('company')}</Th>
            <Th numeric>{tab === 'credit' ? t('currentCredit') : t('currentPoints')}</Th>
            <Th numeric>{t('willBecome')}</Th>
          </Tr>
        </THead>
        <TBody>
          {companies.map((c) => (
            <Tr key={c.companyId}>
              <Th scope="row">{companyLabel(c)}</Th>
              <Td numeric>{c.current === null ? t('readAtReview') : figure(c.current)}</Td>
              <Td numeric className="font-medium whitespace-nowrap">
                {becomes()}
              </Td>
            </Tr>
          ))}
        </TBody>
      </Table>
    </div>
  );
}
