import type { Context } from 'hono';
import type { WriteOutcome } from './batch';
import type { Env } from './env';
import { ItemError } from './errors';
import { pathId } from './lookups';
import { writeOne } from './write';
import type { Db, Queryable } from '../store/db';

/** Reads one record of the tenant by id; null when it is missing, foreign or not of this resource. */
export type ReadById<T> = (db: Db, tenantId: number, id: number) => Promise<T | null>;

/** The plain 404 of most single reads: `{ "error": "not_found" }`. */
export function plainNotFound(c: Context<Env>): Response {
  return c.json({ error: 'not_found' }, 404);
}

/**
 * GET of one record by its path id: the record as JSON, or `notFound` when the id cannot be one of ours or
 * reads nothing (a foreign id answers exactly like a missing one).
 */
export async function readById<T>(
  c: Context<Env>,
  read: ReadById<T>,
  notFound: (c: Context<Env>) => Response = plainNotFound,
): Promise<Response> {
  const id = pathId(c.req.param('id'));
  const found = id == null ? null : await read(c.get('db'), c.get('tenantId'), id);
  if (!found) return notFound(c);
  return c.json(found);
}

/**
 * PUT of one record by its path id, through writeOne: the path id wins over a body id, and the answer is
 * always `updated` (200). An id that cannot be one of ours is `notFound` (404) before the body is read.
 */
export function updateById(
  c: Context<Env>,
  notFound: string,
  write: (tx: Queryable, item: Record<string, unknown>, id: number) => Promise<WriteOutcome>,
) {
  const id = pathId(c.req.param('id'));
  if (id == null) throw new ItemError([notFound], true);
  return writeOne(c, async (tx, item) => ({ ...(await write(tx, item, id)), status: 'updated' as const }));
}
