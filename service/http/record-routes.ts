import { ID_PARAM } from './lookups';
import { Hono, type Context } from 'hono';
import type { ListName } from '@/lib/contract';
import { writeBatch } from './batch';
import { readById, updateById, type ReadById } from './by-id';
import type { Env, RouteContext } from './env';
import { runList, type ListSpec } from './lists';
import { stamp, writeOne, type RecordWrite } from './write';

/** A record resource answered the same way as companies and products. */
export interface RecordResource<L extends ListName, R> {
  /** The collection path, such as `/companies`. */
  path: string;
  list: ListSpec<L, R>;
  write: RecordWrite;
  /** The single read's row; answered in the list's shape (`list.map`). */
  read: ReadById<R>;
  /** The code of a single write's missing target (`company not found`); a batch item says `not_found`. */
  notFound: string;
  /** The single read's 404, when it is not the plain one. */
  readNotFound?: (c: Context<Env>) => Response;
}

/** The five routes of a record resource: list, batch, create-or-update, read, update. */
export function recordRoutes<L extends ListName, R>(resource: RecordResource<L, R>, { log }: RouteContext) {
  const { path, list, write, notFound } = resource;
  const readMapped: ReadById<unknown> = async (db, tenantId, id) => {
    const row = await resource.read(db, tenantId, id);
    return row && list.map(row);
  };
  return new Hono<Env>()
    .get(path, (c) => runList(c, c.get('db'), list))
    .post(`${path}/batch`, (c) =>
      writeBatch(c, (tx, item) => write(tx, c.get('tenantId'), item, { now: stamp(c), notFound: 'not_found' }), log),
    )
    .post(path, (c) => writeOne(c, (tx, item) => write(tx, c.get('tenantId'), item, { now: stamp(c), notFound })))
    .get(`${path}/${ID_PARAM}`, (c) => readById(c, readMapped, resource.readNotFound))
    .put(`${path}/${ID_PARAM}`, (c) =>
      // A body's `status` is not a write field and is ignored.
      updateById(c, notFound, (tx, item, id) =>
        write(tx, c.get('tenantId'), item, { now: stamp(c), pathId: id, notFound }),
      ),
    );
}
