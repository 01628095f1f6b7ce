'use client';

import { RecordEditPage } from '@/components/record/record-form-page';
import { useRecord } from '@/lib/client/queries';
import { CompanyEditForm } from './company-form';

export function CompanyEditPage({ id }: { id: number }) {
  return (
    <RecordEditPage
      namespace="companies"
      id={id}
      read={useRecord('company', id)}
      form={(c) => <CompanyEditForm company={c} />}
    />
  );
}
