import type { Context } from 'hono';
import type { WriteOutcome } from './batch';
import { readObject } from './body';
import type { Env } from './env';
import type { Queryable } from '../store/db';

/**
 * A single write endpoint (POST create-or-update, PUT update) in one transaction: 201 when a record was
 * created, 200 when one was updated (contract §1). An ItemError becomes 400 with its first code, or 404.
 */
export async function writeOne(
  c: Context<Env>,
  write: (tx: Queryable, item: Record<string, unknown>) => Promise<WriteOutcome>,
) {
  const item = readObject(c);
  const outcome = await c.get('db').transaction((tx) => write(tx, item));
  return c.json({ id: outcome.id }, outcome.status === 'created' ? 201 : 200);
}

/** The app clock as a timestamp with millisecond precision. */
export function stamp(c: Context<Env>): Date {
  return new Date(c.get('now')());
}

/** What a record write is told: the clock, PUT's path id (it wins over a body id), the missing target's code. */
export interface WriteOptions {
  now: Date;
  pathId?: number;
  notFound: string;
}

/** Create-or-update of one record (companies, products, bundles): validates, then writes inside `tx`. */
export type RecordWrite<O extends WriteOutcome = WriteOutcome> = (
  tx: Queryable,
  tenantId: number,
  input: Record<string, unknown>,
  options: WriteOptions,
) => Promise<O>;
