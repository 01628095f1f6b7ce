'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { DetailList } from '@/components/record/detail-list';
import { QueryState } from '@/components/record/query-state';
import { LinkButton, TitledCard } from '@/components/ui';
import { useMoney } from '@/lib/i18n/use-money';
import { plainSpaces } from '@/lib/i18n/formats';
import { useRecord } from '@/lib/client/queries';

/** Credit and point quota at a glance; the quota pages own editing. */
export function CompanyQuotas({ companyId }: { companyId: number }) {
  const t = useTranslations('companies');
  const tr = useTranslations('records');
  const format = useFormatter();
  const credit = useRecord('creditQuota', companyId);
  const point = useRecord('pointQuota', companyId);
  const amount = (n: number) => format.number(n, { maximumFractionDigits: 4 });
  const money = useMoney();
  const when = (iso: string | null) =>
    iso ? plainSpaces(format.dateTime(new Date(iso), 'dateTime')) : t('neverSynced');

  return (
    <TitledCard
      id="company-quotas"
      title={t('quotas')}
      contentClassName="grid gap-6 md:grid-cols-2"
      action={
        <LinkButton href={`/quotas?company=${companyId}`} size="sm">
          {t('openQuotas')}
        </LinkButton>
      }
    >
      <section aria-labelledby="credit-quota-title" className="space-y-3">
        <h3 id="credit-quota-title" className="font-medium">
          {t('creditQuota')}
        </h3>
        <QueryState query={credit} notFound={t('notFound')} lines={3} />
        {credit.data ? (
          <DetailList
            emptyText={tr('notSet')}
            items={[
              { label: t('creditAmount'), value: money(credit.data.creditAmount) },
              { label: t('pendingAmount'), value: money(credit.data.pendingAmount) },
              {
                label: t('availableAmount'),
                value: (
                  <span
                    className={
                      credit.data.availableAmount < 0 ? 'font-medium text-red-700 dark:text-red-400' : undefined
                    }
                  >
                    {money(credit.data.availableAmount)}
                  </span>
                ),
              },
              { label: t('creditEnabled'), value: credit.data.enabled ? t('enabledOn') : t('enabledOff') },
              { label: t('quotaUpdatedAt'), value: when(credit.data.updatedAt) },
            ]}
          />
        ) : null}
      </section>
      <section aria-labelledby="point-quota-title" className="space-y-3">
        <h3 id="point-quota-title" className="font-medium">
          {t('pointQuota')}
        </h3>
        <QueryState query={point} notFound={t('notFound')} lines={3} />
        {point.data ? (
          <DetailList
            emptyText={tr('notSet')}
            items={[
              { label: t('balance'), value: amount(point.data.balance) },
              {
                label: t('pointEnabled'),
                value: `${point.data.enabled ? t('flagOn') : t('flagOff')} — ${t('pointEnabledHelp')}`,
              },
              { label: t('quotaUpdatedAt'), value: when(point.data.updatedAt) },
            ]}
          />
        ) : null}
      </section>
    </TitledCard>
  );
}
