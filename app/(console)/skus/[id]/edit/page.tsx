import { editRoute } from '../../../_lib/record-route';
import { requireEditor } from '../../../_lib/refuse-edit-pages';
import { SkuEditPage } from '../../_components/sku-pages';

export default editRoute('skus', requireEditor, SkuEditPage);
