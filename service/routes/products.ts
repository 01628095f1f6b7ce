import type { RouteContext } from '../http/env';
import { PRODUCT_LIST, readProduct, writeProduct } from '../domain/products';
import { recordRoutes } from '../http/record-routes';

/** /v1/products: list, read, create-or-update, update, batch. The rules are in ../domain/products.ts. */
export function productRoutes(ctx: RouteContext) {
  return recordRoutes(
    {
      path: '/products',
      list: PRODUCT_LIST,
      write: writeProduct,
      read: readProduct,
      notFound: 'product not found',
    },
    ctx,
  );
}
