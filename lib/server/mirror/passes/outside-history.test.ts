import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Service } from '@/service';
import { listAudit, listHistoryPage } from '../../audit/audit-log';
import { listEntryChanges } from '../../audit/entry-changes';
import type { ConsoleDatabase } from '../../db/types';
import { embeddedErpClient, withServiceAndConsoleDb } from '../../testing/console-parts';
import { runDuePass } from './passes';
import { readState } from '../copy/state';

// What History and the audit page read of the changes a pass found outside the console: the reference service
// in-process (the ERP's own credential changes it), the console database on PGlite, the real passes.

let service: Service;
let db: Kysely<ConsoleDatabase>;
withServiceAndConsoleDb((opened) => ({ service, db } = opened));

const client = embeddedErpClient(() => service);
const sweep = () => runDuePass({ db, client, entity: 'companies', now: Date.now }, { sweepEveryMs: 0 });

describe('outside changes on the record', () => {
  it('lists a field changed elsewhere old → new with its window, and a record the sweep no longer finds', async () => {
    expect(await sweep()).toMatchObject({ kind: 'initial', complete: true });
    const before = await readState(db, 'companies');
    await client.batch('companies', [{ id: 1, name: 'Renamed by the ERP' }]);
    // Company 4 has no quota, order or user hanging from it: the ERP can remove it.
    await service.db.query('delete from companies where id = 4');
    expect(await sweep()).toMatchObject({ kind: 'sweep', recorded: 1, vanished: 1 });

    const renamed = (await listHistoryPage(db, 'companies', '1')).entries;
    expect(renamed).toHaveLength(1);
    expect(renamed[0]).toMatchObject({
      source: 'outside',
      action: 'updated',
      changes: [{ field: 'name', from: 'First Tea House', to: 'Renamed by the ERP' }],
    });
    expect(renamed[0]!.window).toEqual({ from: before.lastPassAt!.toISOString(), to: expect.any(String) });
    expect(new Date(renamed[0]!.window!.to).getTime()).toBeGreaterThan(before.lastPassAt!.getTime());

    const gone = (await listHistoryPage(db, 'companies', '4')).entries;
    expect(gone).toMatchObject([
      { source: 'outside', action: 'vanished', changes: null, window: { from: before.lastPassAt!.toISOString() } },
    ]);

    // The audit page, filtered to the outside family: both entries, with their windows; one record's change on its row.
    const audit = await listAudit(db, { filters: { family: 'outside' } });
    expect(audit.entries.map((e) => [e.targetIds, e.outcome])).toEqual(
      expect.arrayContaining([
        [['1'], 'changed outside the console'],
        [['4'], 'no longer returned by the service'],
      ]),
    );
    expect(audit.totalCount).toBe(2);
    for (const entry of audit.entries) expect(entry.window?.from).toBe(before.lastPassAt!.toISOString());
    const rename = audit.entries.find((e) => e.targetIds[0] === '1')!;
    expect(rename.changes).toEqual([{ field: 'name', from: 'First Tea House', to: 'Renamed by the ERP' }]);
    expect(await listEntryChanges(db, rename.id)).toMatchObject([
      { recordId: '1', source: 'outside', action: 'updated' },
    ]);

    // A second sweep records neither again.
    expect(await sweep()).toMatchObject({ kind: 'sweep', recorded: 0, vanished: 0 });
    expect((await listAudit(db, { filters: { family: 'outside' } })).totalCount).toBe(2);
  });
});
