import type { Hono } from 'hono';
import { BUNDLE_SKU_STOCK, INVALID, isInventoryQty, priceWrite, round4, stockWrite } from '@/lib/contract';
import type { RouteContext } from '../app';
import { itemErrors, runBatch, validate } from '../batch';
import { isPlainObject, readBatch } from '../body';
import type { Env } from '../env';
import { ItemError } from '../errors';
import { findSku, pathId } from '../lookups';
import { stamp } from '../write';

type UpdateResult = { status: 'updated' | 'failed'; id: number | null; errors: string[] };

export function registerStockAndPrices(app: Hono<Env>, { log }: RouteContext) {
  app.get('/v1/skus/:id{[0-9]+}/stock', async (c) => {
    const id = pathId(c.req.param('id'));
    const [row] =
      id == null
        ? []
        : await c.get('db').query<{ id: number; inventory_qty: number; reserved_qty: number; available_qty: number }>(
            `select id, inventory_qty, reserved_qty, inventory_qty - reserved_qty as available_qty
             from skus where tenant_id = $1 and id = $2 and not is_bundle`,
            [c.get('tenantId'), id],
          );
    if (!row) return c.json({ error: 'not_found' }, 404);
    // availableQty is not clamped: reservations above stock show as a negative figure (contract §3).
    return c.json({ skuId: row.id, inventoryQty: row.inventory_qty, reservedQty: row.reserved_qty, availableQty: row.available_qty });
  });

  app.get('/v1/skus/:id{[0-9]+}/price', async (c) => {
    const id = pathId(c.req.param('id'));
    const row = id == null ? null : await findSku(c.get('db'), c.get('tenantId'), id);
    if (!row || row.is_bundle) return c.json({ error: 'not_found' }, 404);
    return c.json({ price: row.price, sellPrice: row.sell_price });
  });

  // Absolute on-hand quantities; a bundle SKU's stock is computed from its recipe, so it fails the item.
  app.post('/v1/skus/stock/batch', async (c) => {
    const items = readBatch(c);
    const tenantId = c.get('tenantId');
    const results = await runBatch<UpdateResult>(
      c.get('db'),
      items,
      async (tx, item) => {
        if (!isPlainObject(item)) throw new ItemError([INVALID]);
        const { data, errors } = validate(stockWrite, item);
        const skuId = data?.skuId ?? (Number.isSafeInteger(item.skuId) ? (item.skuId as number) : null);
        const qty = data?.inventoryQty ?? (typeof item.inventoryQty === 'number' ? item.inventoryQty : null);
        let sku = null;
        if (item.skuId == null) errors.push('sku_id_required');
        else if (skuId != null) {
          sku = await findSku(tx, tenantId, skuId);
          if (!sku) errors.push('not_found');
          else if (sku.is_bundle) errors.push(BUNDLE_SKU_STOCK);
        }
        if (item.inventoryQty == null) errors.push('inventory_qty_required');
        else if (qty != null && !isInventoryQty(qty, sku && !sku.is_bundle ? sku.quantity_precision : null)) {
          errors.push('invalid_inventory_qty');
        }
        if (errors.length || !sku || qty == null) throw new ItemError([...new Set(errors)]);
        await tx.query('update skus set inventory_qty = $3, updated_at = $4 where tenant_id = $1 and id = $2', [tenantId, sku.id, qty, stamp(c)]);
        return { status: 'updated', id: sku.id, errors: [] };
      },
      (error) => ({ status: 'failed', id: null, errors: itemErrors(error, log) }),
    );
    return c.json({ items: results });
  });

  // SKU prices; any bundle SKU is not_found here (bundles have their own price endpoints).
  app.put('/v1/prices/batch', async (c) => {
    const items = readBatch(c);
    const tenantId = c.get('tenantId');
    const results = await runBatch<UpdateResult>(
      c.get('db'),
      items,
      async (tx, item) => {
        if (!isPlainObject(item)) throw new ItemError([INVALID]);
        const { data, errors } = validate(priceWrite, item);
        const skuId = data?.skuId ?? (Number.isSafeInteger(item.skuId) ? (item.skuId as number) : null);
        const sku = skuId == null ? null : await findSku(tx, tenantId, skuId);
        if (!sku || sku.is_bundle) {
          if (item.skuId == null || skuId != null) errors.push('not_found');
        }
        if (errors.length || !data || !sku) throw new ItemError([...new Set(errors)]);
        await tx.query(
          `update skus set price = coalesce($3, price), sell_price = coalesce($4, sell_price), updated_at = $5
           where tenant_id = $1 and id = $2`,
          [tenantId, sku.id, data.price == null ? null : round4(data.price), data.sellPrice == null ? null : round4(data.sellPrice), stamp(c)],
        );
        return { status: 'updated', id: sku.id, errors: [] };
      },
      (error) => ({ status: 'failed', id: null, errors: itemErrors(error, log) }),
    );
    return c.json({ items: results });
  });
}
