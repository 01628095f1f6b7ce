import { titleMetadata } from '@/lib/i18n/page-metadata';
import { listRoute } from '../_lib/list-route';
import { CompaniesList } from './_components/companies-list';

export const generateMetadata = titleMetadata('companies');

export default listRoute('companies', CompaniesList, { users: true });
