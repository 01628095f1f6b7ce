import { RecordCreatePage } from '@/components/record/record-form-page';
import { titleMetadata } from '@/lib/i18n/page-metadata';
import { requireEditor } from '../../_lib/refuse-edit-pages';
import { CompanyCreateForm } from '../_components/company-form';

export const generateMetadata = titleMetadata('companies', 'newTitle');

export default async function Page() {
  await requireEditor('/companies/new');
  return (
    <RecordCreatePage namespace="companies">
      <CompanyCreateForm />
    </RecordCreatePage>
  );
}
