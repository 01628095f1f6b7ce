import { titleMetadata } from '@/lib/i18n/page-metadata';
import { createRoute } from '../../_lib/record-route';
import { CompanyCreateForm } from '../_components/company-form';

export const generateMetadata = titleMetadata('companies', 'newTitle');

export default createRoute('companies', CompanyCreateForm);
