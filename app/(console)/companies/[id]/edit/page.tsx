import { editRoute } from '../../../_lib/record-route';
import { requireEditor } from '../../../_lib/refuse-edit-pages';
import { CompanyEditPage } from '../../_components/company-edit-page';

export default editRoute('companies', requireEditor, CompanyEditPage);
