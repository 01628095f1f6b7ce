import { NewCompanyPage } from '../_components/new-company-page';
import { titleMetadata } from '@/lib/i18n/page-metadata';

export const generateMetadata = titleMetadata('companies', 'newTitle');

export default function Page() {
  return <NewCompanyPage />;
}
