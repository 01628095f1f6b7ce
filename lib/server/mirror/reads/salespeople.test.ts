import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Service } from '@/service';
import { signedRequest } from '@/service/testing/client';
import type { ConsoleDatabase } from '../../db/types';
import { embeddedErpClient, withServiceAndConsoleDb } from '../../testing/console-parts';
import { runDuePass } from '../passes/passes';
import { readSalespeople } from './salespeople';

// Who the salesperson picker offers (issue 54): the reference service in-process, the console database on PGlite and
// the real passes. /v1 says nothing of which roles sell, so the roles that hold companies in the mirror's copy do.

let service: Service;
let db: Kysely<ConsoleDatabase>;
withServiceAndConsoleDb((opened) => ({ service, db } = opened));

const client = embeddedErpClient(() => service);
/** A company given to another salesperson, as the ERP does it. */
async function give(companyId: number, internalUserId: number) {
  const response = await service.fetch(await signedRequest('PUT', `/v1/companies/${companyId}`, { internalUserId }));
  expect(response.status).toBe(200);
}
const pass = (entity: 'companies' | 'internalUsers') =>
  runDuePass({ db, client, entity, now: Date.now }, { sweepEveryMs: 3_600_000 });

describe('salespeople', () => {
  it('says of each user their code, role and status, and as sellers only the roles that hold companies', async () => {
    // The acme tenant: Admin (role 1) holds companies 1, 3 and 4, Sally (role 2) company 2. Admin gives them up.
    for (const id of [1, 3, 4]) await give(id, 2);
    await pass('internalUsers');
    await pass('companies');
    const people = await readSalespeople(db, client);
    expect(people).toEqual([
      expect.objectContaining({ id: 1, name: 'Admin', code: '', roleId: 1, status: 'Active', sells: false }),
      expect.objectContaining({ id: 2, name: 'Sally', code: 'U002', roleId: 2, status: 'Active', sells: true }),
    ]);

    // Admin takes a company again: their role holds one, so it sells.
    await give(3, 1);
    await pass('companies');
    expect((await readSalespeople(db, client)).map((p) => p.sells)).toEqual([true, true]);
  });
});
