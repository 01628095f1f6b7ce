import { titleMetadata } from '@/lib/i18n/page-metadata';
import { listRoute } from '../_lib/list-route';
import { BundlesList } from './_components/bundles-list';

export const generateMetadata = titleMetadata('bundles');

export default listRoute('bundles', BundlesList);
