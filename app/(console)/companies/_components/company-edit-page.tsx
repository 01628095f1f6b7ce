'use client';

import { RecordEditPage } from '@/components/record/record-form-page';
import { CompanyEditForm } from './company-form';

export function CompanyEditPage({ id }: { id: number }) {
  return <RecordEditPage namespace="companies" id={id} form={(c) => <CompanyEditForm company={c} />} />;
}
