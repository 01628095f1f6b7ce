import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { connectConsoleDb } from '../db/connect';
import { migrateConsoleDb } from '../auth';
import { consoleDbEngines, stopConsoleDbEngines } from '../jobs/testing/db-engines';
import { erpClientVia, runJobToEnd } from '../testing/console-parts';
import { IMPORT_KINDS } from '../runtime/job-kinds';
import { prepareRevert } from './revert';
import * as store from '../imports/store';
import { columnsImportMeta } from '../testing/import-files';
import { killRig, type ConsoleDbPlace } from '../testing/import-kill-rig';
import { startImportJob } from '../testing/start-import-job';

/**
 * A revert is an import: its console process killed while its requests are in flight, another resumes it, and
 * every row ends with one outcome (its rows are keyed by id, so a chunk whose answer was lost is sent again),
 * every record holds its old value, and the revert's audit entry is written once.
 */

const ROWS = 200;
const CHUNK = 20;

const rig = killRig('revert-kill-');

// The console database the job processes share: the rig's PGlite folder (one in memory is the test process's
// alone), and the job tests' throwaway Postgres when installed.
afterAll(stopConsoleDbEngines);
const places: { name: string; place: () => Promise<ConsoleDbPlace> }[] = consoleDbEngines().map((engine) => ({
  name: engine.name,
  place: async () => {
    if (engine.name === 'pglite') return { dataDir: rig.folder };
    const { connection, url } = await engine.open();
    await connection.close();
    return { url: url! };
  },
}));

describe.each(places)('a revert whose console process is killed mid-revert, on $name', ({ place: open }) => {
  it('resumes: every row one outcome, every record restored, one audit entry', async () => {
    const place = await open();
    const run = Date.now().toString(36).toUpperCase();
    // Set-up straight to the service (no held answers): the companies, then an import renaming them.
    const direct = erpClientVia(() => (request) => rig.service.fetch(request), 1);
    const created = await direct.batch(
      'companies',
      Array.from({ length: ROWS }, (_, n) => ({ outerSysCode: `RK-${run}-${n}`, name: `Old ${run} ${n}` })),
    );
    const ids = created.map((r) => Number((r as { id: number }).id));
    const setup = connectConsoleDb(place);
    const db = setup.db;
    await migrateConsoleDb(db, { secret: 'k'.repeat(40), baseURL: 'http://console.test' });
    const user = { id: 'u1', email: 'steward@example.com' };
    const importId = await store.createImport(db, columnsImportMeta('companies', ['id', 'name'], ROWS), user);
    await store.appendRows(
      db,
      importId,
      'companies',
      ids.map((id, n) => ({
        rowNo: n,
        line: n + 2,
        cells: [String(id), `New ${run} ${n}`],
        item: { id, name: `New ${run} ${n}` },
        errors: [],
        warnings: [],
        // As "Compare with live data" reads them before sending.
        before: { name: `Old ${run} ${n}` },
      })),
    );
    const chunks = await store.assignChunks(db, importId);
    const importJob = await startImportJob(db, importId, 'companies', { chunks: [...Array(chunks).keys()] });
    await runJobToEnd({ db, kinds: Object.values(IMPORT_KINDS), upstream: direct }, importJob);
    await store.settle(db, importId);

    const { revertId } = await prepareRevert(db, direct, importId, user, { include: [], exclude: [] });
    // Smaller chunks than the product's, so the kill lands with some sent and some not.
    const revertChunks = await store.assignChunks(db, revertId, CHUNK);
    const jobId = await startImportJob(db, revertId, 'companies', {
      chunks: [...Array(revertChunks).keys()],
      tenant: 't',
    });
    await setup.close();

    await rig.killAtBatch(jobId, 4, place);
    const second = rig.runProcess(jobId, place);
    expect(await second.exited).toBe(0);

    const check = connectConsoleDb(place);
    const rows = await store.listRows(check.db, revertId, { limit: ROWS });
    const { rows: entries } = await sql<{ outcome: string }>`
      select outcome from audit_log where import_id = ${revertId} and operation = 'action imports.revert'`.execute(
      check.db,
    );
    const { rows: restored } = await sql<{ n: number }>`
      select count(distinct c.record_id)::int as n from audit_change c join audit_log a on a.id = c.audit_id
      where a.import_id = ${revertId} and c.source = 'revert' and c.result = 'applied'`.execute(check.db);
    await check.close();

    expect(rows).toHaveLength(ROWS);
    expect(rows.filter((r) => r.status !== 'updated')).toEqual([]);
    expect(restored[0]!.n).toBe(ROWS);
    expect(entries).toEqual([
      { outcome: `reverts import ${importId}: ${ROWS} restored, 0 skipped as changed since, 0 refused, 0 unknown` },
    ]);
    for (let n = 0; n < ROWS; n++) expect(rig.http.received.get(`Old ${run} ${n}`) ?? 0).toBeGreaterThanOrEqual(1);
    const names = new Map<number, string | null>();
    for await (const company of direct.listAll('companies', { pageSize: 100 })) names.set(company.id, company.name);
    ids.forEach((id, n) => expect(names.get(id)).toBe(`Old ${run} ${n}`));
  }, 300_000);
});
