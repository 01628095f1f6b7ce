'use client';

import { useTranslations } from 'next-intl';
import { QueryState } from '@/components/record/query-state';
import { recordLabel, RecordFormPage } from '@/components/record/record-form-page';
import { CompanyEditForm } from './company-form';
import { useRecord } from '@/lib/client/queries';

export function CompanyEditPage({ id }: { id: number }) {
  const t = useTranslations('companies');
  const company = useRecord('company', id);
  const c = company.data;
  return (
    <RecordFormPage back={{ href: `/companies/${id}`, label: recordLabel(c, id) }} title={t('editTitle')}>
      <QueryState isPending={company.isPending} error={company.error} onRetry={() => void company.refetch()} notFound={t('notFound')} />
      {/* Keyed by id: the form opens with the record as loaded and keeps what is typed across refetches. */}
      {c ? <CompanyEditForm key={c.id} company={c} /> : null}
    </RecordFormPage>
  );
}
