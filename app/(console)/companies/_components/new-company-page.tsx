'use client';

import { useTranslations } from 'next-intl';
import { RecordFormPage } from '@/components/record/record-form-page';
import { CompanyCreateForm } from './company-form';

export function NewCompanyPage() {
  const t = useTranslations('companies');
  return (
    <RecordFormPage back={{ href: '/companies', label: t('title') }} title={t('newTitle')}>
      <CompanyCreateForm />
    </RecordFormPage>
  );
}
