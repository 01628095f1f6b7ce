import type { Context } from 'hono';
import type { z } from 'zod';
import { integerRef, INVALID } from '@/lib/contract';
import { isPlainObject, readBatch } from './body';
import type { Env } from './env';
import { ItemError } from './errors';
import type { Db, Queryable } from '../store/db';

/**
 * Runs a batch: one transaction per request and one savepoint per item, so each item's writes are atomic
 * and a failing item is rolled back to its savepoint without touching the others (master-data-api.md
 * "Batch conventions"). Items run in order, so a later item sees what an earlier one created (the second
 * of two items with the same new outerSysCode updates the first). One commit per batch keeps
 * throughput in the thousands of items per second on Postgres.
 */
export async function runBatch<T extends object>(
  db: Db,
  items: unknown[],
  run: (tx: Queryable, item: unknown, index: number) => Promise<T>,
  onError: (error: unknown, index: number) => T,
  /** Runs once inside the batch transaction before the items (batch-wide locks and lookups). */
  prepare?: (tx: Queryable) => Promise<void>,
): Promise<({ index: number } & T)[]> {
  return db.transaction(async (tx) => {
    if (prepare) await prepare(tx);
    const results: ({ index: number } & T)[] = [];
    for (let index = 0; index < items.length; index++) {
      // RELEASE + SAVEPOINT in one round trip; the name is reused, so only one savepoint is ever open.
      await tx.exec(index === 0 ? 'savepoint batch_item' : 'release savepoint batch_item; savepoint batch_item');
      let result: T;
      try {
        result = await run(tx, items[index], index);
      } catch (error) {
        await tx.exec('rollback to savepoint batch_item');
        result = onError(error, index);
      }
      results.push({ index, ...result });
    }
    return results;
  });
}

export interface WriteOutcome {
  status: 'created' | 'updated';
  id: number;
}

export type WriteItemResult = { status: 'created' | 'updated' | 'failed'; id: number | null; errors: string[] };

/** Unexpected failures become the generic write code; the cause is logged, never sent. */
export function itemErrors(error: unknown, log?: (line: string) => void): string[] {
  if (error instanceof ItemError) return error.errors;
  log?.(`batch item failed unexpectedly: ${error instanceof Error ? error.message : String(error)}`);
  return [INVALID];
}

/** The standard companies/products/SKUs batch endpoint: `{ items: [{ index, status, id, errors }] }`. */
export async function writeBatch(
  c: Context<Env>,
  write: (tx: Queryable, item: Record<string, unknown>) => Promise<WriteOutcome>,
  log?: (line: string) => void,
  prepare?: (tx: Queryable, items: unknown[]) => Promise<void>,
) {
  const items = readBatch(c);
  const results = await runBatch<WriteItemResult>(
    c.get('db'),
    items,
    async (tx, item) => {
      if (!isPlainObject(item)) throw new ItemError([INVALID]);
      const outcome = await write(tx, item);
      return { status: outcome.status, id: outcome.id, errors: [] };
    },
    (error) => ({ status: 'failed', id: null, errors: itemErrors(error, log) }),
    prepare && ((tx) => prepare(tx, items)),
  );
  return c.json({ items: results });
}

/** A batch of updates by id (stock, SKU prices): `{ items: [{ index, status: updated | failed, id, errors }] }`. */
export async function updateBatch(
  c: Context<Env>,
  write: (tx: Queryable, tenantId: number, item: unknown, now: Date) => Promise<number>,
  log?: (line: string) => void,
) {
  const items = readBatch(c);
  const tenantId = c.get('tenantId');
  const now = new Date(c.get('now')());
  const results = await runBatch<UpdateItemResult>(
    c.get('db'),
    items,
    async (tx, item) => ({ status: 'updated', id: await write(tx, tenantId, item, now), errors: [] }),
    (error) => ({ status: 'failed', id: null, errors: itemErrors(error, log) }),
    (tx) => lockSkusInOrder(tx, tenantId, items),
  );
  return c.json({ items: results });
}

/**
 * Locks the batch's SKUs in id order before any item writes: two batches naming the same SKUs in different orders
 * would otherwise each hold one and wait for the other, and Postgres would abort one of them as a deadlock.
 */
async function lockSkusInOrder(tx: Queryable, tenantId: number, items: unknown[]): Promise<void> {
  const ids = items.flatMap((item) => {
    const id = isPlainObject(item) ? integerRef(item.skuId) : null;
    return id === null ? [] : [id];
  });
  if (ids.length === 0) return;
  await tx.query('select id from skus where tenant_id = $1 and id = any($2::bigint[]) order by id for update', [
    tenantId,
    [...new Set(ids)],
  ]);
}

type UpdateItemResult = { status: 'updated' | 'failed'; id: number | null; errors: string[] };

/**
 * Validates one record with a lib/contract schema, whose messages are the error codes, in field order and
 * de-duplicated. Companies and bundles answer only the first; products, SKUs, stock and prices all.
 */
export function validate<S extends z.ZodType>(schema: S, input: unknown): { data?: z.infer<S>; errors: string[] } {
  const result = schema.safeParse(input);
  if (result.success) {
    // Postgres text cannot hold U+0000; refuse it here rather than fail the statement.
    const values = typeof result.data === 'object' && result.data !== null ? Object.values(result.data) : [];
    const hasNul = values.some((v) => typeof v === 'string' && v.includes('\u0000'));
    return hasNul ? { errors: [INVALID] } : { data: result.data, errors: [] };
  }
  const errors = [...new Set(result.error.issues.map((issue) => issue.message))];
  return { errors };
}

type BundleItemResult<S> = { status: S | 'failed'; id: number | null; skuId: number | null; errors: string[] };

/**
 * A bundle batch (bundles, bundle prices): each item answers the bundle's id and its SKU's id,
 * `{ items: [{ index, status, id, skuId, errors }] }`.
 */
export async function bundleBatch<S extends string>(
  c: Context<Env>,
  write: (
    tx: Queryable,
    tenantId: number,
    item: unknown,
    now: Date,
  ) => Promise<{ status: S; id: number | null; skuId: number }>,
  log?: (line: string) => void,
) {
  const items = readBatch(c);
  const tenantId = c.get('tenantId');
  const now = new Date(c.get('now')());
  const results = await runBatch<BundleItemResult<S>>(
    c.get('db'),
    items,
    async (tx, item) => ({ ...(await write(tx, tenantId, item, now)), errors: [] }),
    (error) => ({ status: 'failed', id: null, skuId: null, errors: itemErrors(error, log) }),
  );
  return c.json({ items: results });
}
