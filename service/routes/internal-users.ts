import { Hono } from 'hono';
import type { RouteContext } from '../http/env';
import { readObject } from '../http/body';
import { createInternalUser, INTERNAL_USER_LIST, updateInternalUser } from '../domain/internal-users';
import type { Env } from '../http/env';
import { ApiError } from '../http/errors';
import { runList } from '../http/lists';
import { pathId, ID_PARAM } from '../http/lookups';
import { stamp } from '../http/write';

/** /v1/internal-users: list, create, update. The rules are in ../domain/internal-users.ts. */
export function internalUserRoutes(_ctx: RouteContext) {
  return new Hono<Env>()
    .get('/internal-users', (c) => runList(c, c.get('db'), INTERNAL_USER_LIST))
    .post('/internal-users', async (c) => {
      const id = await createInternalUser(c.get('db'), c.get('tenantId'), readObject(c), stamp(c));
      return c.json({ id }, 201);
    })
    .put(`/internal-users/${ID_PARAM}`, async (c) => {
      const id = pathId(c.req.param('id'));
      if (id == null) throw new ApiError(404, 'not_found');
      // The body is read first, as before: a malformed body is 400 even for a missing user.
      const body = readObject(c);
      await updateInternalUser(c.get('db'), c.get('tenantId'), id, body, stamp(c));
      return c.json({ id });
    });
}
