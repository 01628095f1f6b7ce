import { ID_PARAM } from '../http/lookups';
import { Hono } from 'hono';
import type { RouteContext } from '../http/env';
import { updateBatch } from '../http/batch';
import { readStock, writeStockItem } from '../domain/stock';
import type { Env } from '../http/env';
import { readById } from '../http/by-id';

/** SKU stock: the read and the absolute-quantity batch. The rules are in ../domain/stock.ts. */
export function stockRoutes({ log }: RouteContext) {
  return new Hono<Env>()
    .get(`/skus/${ID_PARAM}/stock`, (c) => readById(c, readStock))
    .post('/skus/stock/batch', (c) => updateBatch(c, writeStockItem, log));
}
