import { Hono } from 'hono';
import type { RouteContext } from '../http/env';
import { writeBatch } from '../http/batch';
import { COMPANY_LIST, companyResponse, writeCompany } from '../domain/companies';
import type { Env } from '../http/env';
import { ItemError, problemNotFound } from '../http/errors';
import { runList } from '../http/lists';
import { findCompany, pathId } from '../http/lookups';
import { stamp, writeOne } from '../http/write';

/** /v1/companies: list, read, create-or-update, update, batch. The rules are in ../domain/companies.ts. */
export function companyRoutes({ log }: RouteContext) {
  return new Hono<Env>()
    .get('/companies', (c) => runList(c, c.get('db'), COMPANY_LIST))
    .post('/companies/batch', (c) =>
      writeBatch(
        c,
        (tx, item) => writeCompany(tx, c.get('tenantId'), item, { now: stamp(c), notFound: 'not_found' }),
        log,
      ),
    )
    .post('/companies', (c) =>
      writeOne(c, (tx, item) =>
        writeCompany(tx, c.get('tenantId'), item, { now: stamp(c), notFound: 'company not found' }),
      ),
    )
    .get('/companies/:id{[0-9]+}', async (c) => {
      const id = pathId(c.req.param('id'));
      const row = id == null ? null : await findCompany(c.get('db'), c.get('tenantId'), id);
      if (!row) return problemNotFound(c, 'not_found');
      return c.json(companyResponse(row));
    })
    .put('/companies/:id{[0-9]+}', async (c) => {
      const id = pathId(c.req.param('id'));
      if (id == null) throw new ItemError(['company not found'], true);
      // The path id wins over a body id; `status` is not a write field and is ignored.
      return writeOne(c, async (tx, item) => {
        const outcome = await writeCompany(tx, c.get('tenantId'), item, {
          now: stamp(c),
          pathId: id,
          notFound: 'company not found',
        });
        return { ...outcome, status: 'updated' };
      });
    });
}
