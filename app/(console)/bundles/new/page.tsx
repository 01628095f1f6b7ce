import { RecordCreatePage } from '@/components/record/record-form-page';
import { titleMetadata } from '@/lib/i18n/page-metadata';
import { NewBundleForm } from '../_components/new-bundle-form';

export const generateMetadata = titleMetadata('bundles', 'newTitle');

export default function Page() {
  return (
    <RecordCreatePage namespace="bundles">
      <NewBundleForm />
    </RecordCreatePage>
  );
}
