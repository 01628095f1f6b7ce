import { Hono } from 'hono';
import type { RouteContext } from '../http/env';
import { PRODUCT_CATEGORY_LIST } from '../domain/product-categories';
import type { Env } from '../http/env';
import { runList } from '../http/lists';

/** /v1/product-categories: the list only. */
export function productCategoryRoutes(_ctx: RouteContext) {
  return new Hono<Env>().get('/product-categories', (c) => runList(c, c.get('db'), PRODUCT_CATEGORY_LIST));
}
