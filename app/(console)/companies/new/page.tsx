import { RecordCreatePage } from '@/components/record/record-form-page';
import { titleMetadata } from '@/lib/i18n/page-metadata';
import { CompanyCreateForm } from '../_components/company-form';

export const generateMetadata = titleMetadata('companies', 'newTitle');

export default function Page() {
  return (
    <RecordCreatePage namespace="companies">
      <CompanyCreateForm />
    </RecordCreatePage>
  );
}
