import { isAssignableCategory } from '@/lib/contract';
import type { ListSpec } from '../http/lists';

interface CategoryRow {
  id: number;
  name: string;
  parent_id: number | null;
}

/** GET /v1/product-categories: a root has parentId null and is not assignable; any child is. */
export const PRODUCT_CATEGORY_LIST: ListSpec<'productCategories', CategoryRow> = {
  list: 'productCategories',
  from: 'product_categories',
  where: ['tenant_id = $1'],
  select: 'id, name, parent_id',
  orderBy: 'id',
  filters: { name: 'name' },
  map: (r) => ({ id: r.id, name: r.name, parentId: r.parent_id, isAssignable: isAssignableCategory(r.parent_id) }),
};
