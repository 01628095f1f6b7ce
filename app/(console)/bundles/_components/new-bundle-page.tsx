'use client';

import { RecordCreatePage } from '@/components/record/record-form-page';
import { NewBundleForm } from './new-bundle-form';

export function NewBundlePage() {
  return (
    <RecordCreatePage namespace="bundles">
      <NewBundleForm />
    </RecordCreatePage>
  );
}
