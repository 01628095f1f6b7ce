'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useCurrentUser } from '@/components/layout/current-user';
import { QueryState } from '@/components/record/query-state';
import { Alert } from '@/components/ui';
import { useCompany } from '@/lib/client/companies/get-company';
import { can } from '@/lib/contract/roles';
import { CompanyEditForm } from './company-form';

export function CompanyEditPage({ id }: { id: number }) {
  const t = useTranslations('companies');
  const tr = useTranslations('records');
  const user = useCurrentUser();
  const company = useCompany(id);
  const c = company.data;
  return (
    <div className="max-w-3xl space-y-6">
      <header>
        <p className="text-sm">
          <Link href={`/companies/${id}`} className="text-blue-700 underline underline-offset-2 dark:text-blue-400">
            {c ? c.name || c.outerSysCode || `#${id}` : `#${id}`}
          </Link>
        </p>
        <h1 className="text-2xl font-semibold">{t('editTitle')}</h1>
      </header>
      {!can(user.role, 'editMasterData') ? (
        <Alert tone="info">{tr('readOnly')}</Alert>
      ) : (
        <>
          <QueryState isPending={company.isPending} error={company.error} onRetry={() => void company.refetch()} notFound={t('notFound')} />
          {/* Keyed by id: the form opens with the record as loaded and keeps what is typed across refetches. */}
          {c ? <CompanyEditForm key={c.id} company={c} /> : null}
        </>
      )}
    </div>
  );
}
