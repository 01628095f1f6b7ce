import { editRoute } from '../../../_lib/record-route';
import { requireEditor } from '../../../_lib/refuse-edit-pages';
import { BundleEditPage } from '../../_components/bundle-edit-page';

/** A bundle's own fields; its prices and recipe are edited in their panels on the bundle's page. */
export default editRoute('bundles', requireEditor, BundleEditPage);
