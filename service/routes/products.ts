import type { RouteContext } from '../http/env';
import { PRODUCT_LIST, productResponse, readProduct, writeProduct } from '../domain/products';
import { recordRoutes } from '../http/record-routes';

/** /v1/products: list, read, create-or-update, update, batch. The rules are in ../domain/products.ts. */
export function productRoutes(ctx: RouteContext) {
  return recordRoutes(
    {
      path: '/products',
      list: PRODUCT_LIST,
      write: writeProduct,
      read: async (db, tenantId, id) => {
        const row = await readProduct(db, tenantId, id);
        return row && productResponse(row);
      },
      notFound: 'product not found',
    },
    ctx,
  );
}
