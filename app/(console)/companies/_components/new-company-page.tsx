'use client';

import { RecordCreatePage } from '@/components/record/record-form-page';
import { CompanyCreateForm } from './company-form';

export function NewCompanyPage() {
  return (
    <RecordCreatePage namespace="companies">
      <CompanyCreateForm />
    </RecordCreatePage>
  );
}
