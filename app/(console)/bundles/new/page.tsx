import { RecordCreatePage } from '@/components/record/record-form-page';
import { titleMetadata } from '@/lib/i18n/page-metadata';
import { requireEditor } from '../../_lib/refuse-edit-pages';
import { NewBundleForm } from '../_components/new-bundle-form';

export const generateMetadata = titleMetadata('bundles', 'newTitle');

export default async function Page() {
  await requireEditor('/bundles/new');
  return (
    <RecordCreatePage namespace="bundles">
      <NewBundleForm />
    </RecordCreatePage>
  );
}
