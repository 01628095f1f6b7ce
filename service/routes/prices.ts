import { ID_PARAM } from '../http/lookups';
import { Hono } from 'hono';
import type { RouteContext } from '../http/env';
import { updateBatch } from '../http/batch';
import { readPrice, writePriceItem } from '../domain/prices';
import type { Env } from '../http/env';
import { readById } from '../http/by-id';

/** SKU prices: the read and the price batch. The rules are in ../domain/prices.ts. */
export function priceRoutes({ log }: RouteContext) {
  return new Hono<Env>()
    .get(`/skus/${ID_PARAM}/price`, (c) => readById(c, readPrice))
    .put('/prices/batch', (c) => updateBatch(c, writePriceItem, log));
}
