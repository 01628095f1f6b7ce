'use client';

import { useTranslations } from 'next-intl';
import { RecordFormPage } from '@/components/record/record-form-page';
import { NewBundleForm } from './new-bundle-form';

export function NewBundlePage() {
  const t = useTranslations('bundles');
  return (
    <RecordFormPage back={{ href: '/bundles', label: t('title') }} title={t('newTitle')}>
      <NewBundleForm />
    </RecordFormPage>
  );
}
