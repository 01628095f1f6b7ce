import { titleMetadata } from '@/lib/i18n/page-metadata';
import { listRoute } from '../_lib/list-route';
import { ProductsList } from './_components/products-list';

export const generateMetadata = titleMetadata('products');

export default listRoute('products', ProductsList, { categories: true });
