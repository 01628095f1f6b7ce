import type { RouteContext } from '../http/env';
import { COMPANY_LIST, writeCompany } from '../domain/companies';
import { problemNotFound } from '../http/errors';
import { findCompany } from '../http/lookups';
import { recordRoutes } from '../http/record-routes';

/** /v1/companies: list, read, create-or-update, update, batch. The rules are in ../domain/companies.ts. */
export function companyRoutes(ctx: RouteContext) {
  return recordRoutes(
    {
      path: '/companies',
      list: COMPANY_LIST,
      write: writeCompany,
      read: findCompany,
      notFound: 'company not found',
      readNotFound: (c) => problemNotFound(c, 'not_found'),
    },
    ctx,
  );
}
