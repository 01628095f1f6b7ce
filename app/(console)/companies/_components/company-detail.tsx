'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useCurrentUser } from '@/components/session/current-user';
import { RecordDetails } from '@/components/record/record-details';
import { RecordPage } from '@/components/record/record-page';
import { StatusBadge } from '@/components/record/status-badge';
import { can } from '@/lib/contract/roles';
import { CompanyQuotas } from './company-quotas';
import { useSalespeople } from '@/components/record/use-salespeople';
import { useRecord } from '@/lib/client/queries';

const link = 'text-blue-700 underline underline-offset-2 dark:text-blue-400';

export function CompanyDetail({ id }: { id: number }) {
  const t = useTranslations('companies');
  const tr = useTranslations('records');
  const user = useCurrentUser();
  const company = useRecord('company', id);
  const salespeople = useSalespeople();

  return (
    <RecordPage
      namespace="companies"
      kind="company"
      id={id}
      read={company}
      editable={can(user.role, 'editMasterData')}
      valueLabel={(field, value) =>
        field === 'internalUserId' && typeof value === 'number' ? salespeople.nameOf(value) : null
      }
    >
      {(c) => (
        <>
          <RecordDetails
            namespace="companies"
            record={c}
            fields={[
              'id',
              'outerSysCode',
              'name',
              'shortName',
              'cellPhone',
              'shippingAddress',
              {
                field: 'internalUserId',
                value: (
                  <span className="flex flex-wrap gap-x-3">
                    {/* Back-office users are admin-only data: other roles see the name without a way in. */}
                    {salespeople.query.isPending ? (
                      <span>{tr('loading')}</span>
                    ) : can(user.role, 'manageInternalUsers') ? (
                      <Link href={`/users/${c.internalUserId}`} className={link}>
                        {salespeople.nameOf(c.internalUserId)}
                      </Link>
                    ) : (
                      <span>{salespeople.nameOf(c.internalUserId)}</span>
                    )}
                    <Link href={`/companies?internalUserId=${c.internalUserId}`} className={link}>
                      {t('companiesOfSalesperson', { name: salespeople.nameOf(c.internalUserId) })}
                    </Link>
                  </span>
                ),
              },
              {
                field: 'status',
                value: (
                  <span className="flex flex-wrap items-center gap-2">
                    <StatusBadge status={c.status} />
                    <span className="text-xs text-zinc-600 dark:text-zinc-400">{t('statusHelp')}</span>
                  </span>
                ),
              },
            ]}
          />
          <CompanyQuotas companyId={c.id} />
        </>
      )}
    </RecordPage>
  );
}
