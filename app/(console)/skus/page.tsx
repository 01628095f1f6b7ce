import { titleMetadata } from '@/lib/i18n/page-metadata';
import { listRoute } from '../_lib/list-route';
import { SkusList } from './_components/skus-list';

export const generateMetadata = titleMetadata('skus');

export default listRoute('skus', SkusList);
