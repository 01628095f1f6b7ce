import { editRoute } from '../../../_lib/record-route';
import { requireEditor } from '../../../_lib/refuse-edit-pages';
import { ProductEditPage } from '../../_components/product-pages';

export default editRoute('products', requireEditor, ProductEditPage);
