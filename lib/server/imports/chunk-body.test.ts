import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import type { ConsoleDbConnection } from '../db/connect';
import { consoleDbEngines, stopConsoleDbEngines } from '../jobs/testing/db-engines';
import { prepareResend } from './attempts';
import * as store from './store';

// A chunk's request body is stored with its rows when the whole chunk arrives in one part, and those rows keep
// no item of their own (appendRows). These tests hold the rule that every row can still be sent with its
// own item: parts uploaded twice (at the same moment on Postgres), chunks split across parts, renumbered
// chunks, resent rows; and the unknown-outcome rule of takeChunk, which marks a chunk sent as it loads it.

const engines = consoleDbEngines();
afterAll(() => stopConsoleDbEngines());

const user = { id: 'u1', email: 'steward@example.com' };
const headers = ['productId', 'outerSysCode', 'name'];

const itemOf = (n: number, keyed = true) => ({
  productId: 1,
  ...(keyed ? { outerSysCode: `B${n}` } : {}),
  name: `茶 ${n}`,
});
const rowOf = (n: number, keyed = true): store.UploadRow => {
  const item = itemOf(n, keyed);
  return { rowNo: n, line: n + 2, cells: ['1', item.outerSysCode ?? '', item.name], item, errors: [], warnings: [] };
};
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);
/** What `sent` gives for rows from..to of keyed items, from the chunk's stored body or from the rows. */
const sentRange = (from: number, to: number, fromBody: boolean) => ({
  rowNos: range(from, to),
  fromBody,
  items: range(from, to).map((n) => itemOf(n)),
});

describe.each(engines)('chunk bodies on $name', (engine) => {
  const opened: ConsoleDbConnection[] = [];
  // One database per engine (each test makes its own imports): opening PGlite costs seconds.
  let shared: ReturnType<typeof engine.open> | null = null;
  const open = () =>
    (shared ??= engine.open().then((o) => {
      opened.push(o.connection);
      return o;
    }));
  afterAll(async () => {
    for (const c of opened) await c.close().catch(() => {});
  });

  async function newImport(db: ConsoleDbConnection['db'], totalRows: number) {
    return store.createImport(
      db,
      { family: 'skus', fileName: 'b.csv', encoding: 'utf-8', delimiter: ',', headers, mapping: headers, totalRows },
      user,
    );
  }

  /** Appends rows from..to of keyed items, as one part. */
  async function appendRange(db: ConsoleDbConnection['db'], id: string, from: number, to: number) {
    await store.appendRows(
      db,
      id,
      'skus',
      range(from, to).map((n) => rowOf(n)),
    );
  }

  /** What takeChunk would send for the chunk, as items (parsed from the body when it sends the body). */
  async function sent(db: ConsoleDbConnection['db'], id: string, chunk: number) {
    const taken = await store.takeChunk(db, id, chunk);
    if (taken.action !== 'send') return taken;
    return {
      rowNos: taken.rowNos,
      fromBody: taken.body !== null,
      items: taken.body !== null ? JSON.parse(taken.body) : taken.items,
    };
  }

  it('stores a whole chunk’s items once, in its body, and sends that body', async () => {
    const { connection } = await open();
    const db = connection.db;
    const id = await newImport(db, 450);
    await appendRange(db, id, 0, 450);
    const { rows } = await sql<{ chunk: number; own: number; bare: number }>`
      select chunk, count(item)::int as own, count(*) filter (where item is null)::int as bare
      from import_row where import_id = ${id} group by chunk order by chunk`.execute(db);
    // The last chunk is not a whole range of the part: no body, its rows keep their items.
    expect(rows).toEqual([
      { chunk: 0, own: 0, bare: 200 },
      { chunk: 1, own: 0, bare: 200 },
      { chunk: 2, own: 50, bare: 0 },
    ]);
    expect(await sent(db, id, 1)).toEqual(sentRange(200, 400, true));
    expect(await sent(db, id, 2)).toEqual(sentRange(400, 450, false));
    // Read without the body too (a chunk no longer whole), every row has its own item.
    const loaded = await store.loadChunk(db, id, 0, { items: true });
    expect(loaded.rows.map((r) => r.item)).toEqual(range(0, 200).map((n) => itemOf(n)));
  });

  it('a part uploaded twice, one after the other and at the same moment, stores each row once with its item', async () => {
    const { connection, connect } = await open();
    const db = connection.db;
    const other = connect();
    if (other !== connection) opened.push(other);
    const part = range(0, 600).map((n) => rowOf(n));

    const one = await newImport(db, 600);
    await store.appendRows(db, one, 'skus', part);
    await store.appendRows(db, one, 'skus', part);
    // At the same moment from two connections (two console instances on Postgres).
    const two = await newImport(db, 600);
    await Promise.all([store.appendRows(db, two, 'skus', part), store.appendRows(other.db, two, 'skus', part)]);

    for (const id of [one, two]) {
      expect((await store.getImport(db, id))!.counts.pending).toBe(600);
      for (const chunk of [0, 1, 2]) {
        const rowNos = range(chunk * 200, chunk * 200 + 200);
        expect(await sent(db, id, chunk)).toEqual({ rowNos, fromBody: true, items: rowNos.map((n) => itemOf(n)) });
      }
    }
  });

  it('a chunk whose rows came in different parts is sent from its rows, each with its item', async () => {
    const { connection } = await open();
    const db = connection.db;
    const id = await newImport(db, 600);
    // Rows 0–99 first (chunk 0 not whole: no body), then a part with rows 0–399 (chunk 0 whole in it: a
    // body, but rows 0–99 were already stored), then 400–499 and 500–599 (chunk 2 split across two parts).
    await appendRange(db, id, 0, 100);
    await appendRange(db, id, 0, 400);
    await appendRange(db, id, 400, 500);
    await appendRange(db, id, 500, 600);

    expect(await sent(db, id, 0)).toEqual(sentRange(0, 200, false));
    expect(await sent(db, id, 1)).toEqual(sentRange(200, 400, true));
    expect(await sent(db, id, 2)).toEqual(sentRange(400, 600, false));
  });

  it('rows of a chunk that already had its record when they came keep their items', async () => {
    const { connection } = await open();
    const db = connection.db;
    const id = await newImport(db, 200);
    // The chunk's record exists before its rows (here marked sent); the part cannot store the chunk's body.
    await sql`insert into import_chunk (import_id, chunk, sends) values (${id}, 0, 1)`.execute(db);
    await appendRange(db, id, 0, 200);
    expect(await sent(db, id, 0)).toEqual(sentRange(0, 200, false));
  });

  it('chunks renumbered to another size take their items back from the bodies', async () => {
    const { connection } = await open();
    const db = connection.db;
    const id = await newImport(db, 400);
    await appendRange(db, id, 0, 400);
    expect(await store.assignChunks(db, id, 30)).toBe(14);
    expect(await sent(db, id, 3)).toEqual(sentRange(90, 120, false));
    expect(await sent(db, id, 13)).toEqual(sentRange(390, 400, false));
  });

  it('rows of a stored body that are resent go out with their fixed items; the rest of the chunk is not sent again', async () => {
    const { connection } = await open();
    const db = connection.db;
    const id = await newImport(db, 200);
    await appendRange(db, id, 0, 200);
    expect(await store.assignChunks(db, id)).toBe(1);
    expect((await store.takeChunk(db, id, 0)).action).toBe('send');
    await store.recordOutcomes(
      db,
      id,
      0,
      range(0, 200).map((n) =>
        n % 50 === 7
          ? { rowNo: n, status: 'failed', recordId: null, errors: [{ code: 'product_not_found' }] }
          : { rowNo: n, status: 'created', recordId: n + 1, errors: [] },
      ),
    );
    await store.markStarted(db, id, null);
    const view = (await store.getImport(db, id))!;
    const fixed = [7, 57, 107, 157].map((n) => ({ rowNo: n, cells: ['1', `B${n}`, `修正 ${n}`] }));
    const prepared = await prepareResend(db, view, fixed);
    expect(prepared).toMatchObject({ attempt: 2, firstChunk: 1, chunks: 1 });
    expect(await sent(db, id, 1)).toEqual({
      rowNos: [7, 57, 107, 157],
      fromBody: false,
      items: [7, 57, 107, 157].map((n) => ({ productId: 1, outerSysCode: `B${n}`, name: `修正 ${n}` })),
    });
    // The first chunk's rows all have an outcome: nothing of it goes out again.
    expect(await store.takeChunk(db, id, 0)).toEqual({ action: 'done' });
  });

  it('marks a chunk sent as it hands it out; an interrupted chunk goes out again only when every row is keyed', async () => {
    const { connection } = await open();
    const db = connection.db;
    const id = await newImport(db, 400);
    // Chunk 0: keyed upserts (ERP code). Chunk 1: rows without a key (a re-send would create them twice).
    await store.appendRows(db, id, 'skus', [
      ...range(0, 200).map((n) => rowOf(n)),
      ...range(200, 400).map((n) => rowOf(n, false)),
    ]);
    const sends = async (chunk: number) => (await store.loadChunk(db, id, chunk)).sends;

    expect(await store.takeChunk(db, id, 0)).toMatchObject({ action: 'send', keyed: true });
    expect(await store.takeChunk(db, id, 1)).toMatchObject({ action: 'send', keyed: false });
    expect([await sends(0), await sends(1)]).toEqual([1, 1]);
    // No outcome recorded (the process died): the keyed chunk goes out again, the other ends unknown.
    expect(await store.takeChunk(db, id, 0)).toMatchObject({ action: 'send', rowNos: range(0, 200) });
    expect(await store.takeChunk(db, id, 1)).toEqual({ action: 'unknown', rowNos: range(200, 400) });
    expect([await sends(0), await sends(1)]).toEqual([2, 1]);
  });

  it('records the outcomes of several chunks in one statement, each row only while it is in that chunk', async () => {
    const { connection } = await open();
    const db = connection.db;
    const id = await newImport(db, 600);
    await appendRange(db, id, 0, 600);
    const created = (n: number): store.RowOutcome => ({ rowNo: n, status: 'created', recordId: 1000 + n, errors: [] });
    await store.recordChunkOutcomes(db, id, [
      {
        chunk: 0,
        outcomes: [
          ...range(0, 198).map(created),
          { rowNo: 198, status: 'failed', recordId: null, errors: [{ code: 'product_not_found' }] },
        ],
      },
      // Row 199 is in chunk 0, not 2: not written.
      { chunk: 2, outcomes: [...range(400, 600).map(created), created(199)] },
    ]);
    const rows = await store.listRows(db, id, { limit: 1000 });
    const pending = (from: number, to: number) => range(from, to).map(() => 'pending');
    expect(rows.map((r) => r.status)).toEqual([
      ...range(0, 198).map(() => 'created'),
      'failed',
      ...pending(199, 400),
      ...range(400, 600).map(() => 'created'),
    ]);
    expect(rows[450]).toMatchObject({ recordId: 1450, errors: [] });
    expect(rows[198]).toMatchObject({ recordId: null, errors: [{ code: 'product_not_found' }] });
    expect((await store.getImport(db, id))!.counts).toMatchObject({ created: 398, failed: 1, pending: 201 });
  });

  it('stores rows only for an import that exists, and deletes them with it', async () => {
    const { connection } = await open();
    const db = connection.db;
    await expect(
      store.appendRows(
        db,
        '987654321',
        'skus',
        range(0, 200).map((n) => rowOf(n)),
      ),
    ).rejects.toBeInstanceOf(store.ImportNotFoundError);
    const id = await newImport(db, 300);
    await appendRange(db, id, 0, 300);
    const left = async (importId: string) => {
      const { rows } = await sql<{ rows: number; chunks: number }>`
        select (select count(*) from import_row where import_id = ${importId})::int as rows,
               (select count(*) from import_chunk where import_id = ${importId})::int as chunks`.execute(db);
      return rows[0];
    };
    expect(await left('987654321')).toEqual({ rows: 0, chunks: 0 });
    expect(await left(id)).toEqual({ rows: 300, chunks: 1 });
    await sql`delete from import where id = ${id}`.execute(db);
    expect(await left(id)).toEqual({ rows: 0, chunks: 0 });
  });

  it('never marks or sends a chunk with a row it has no item for', async () => {
    const { connection } = await open();
    const db = connection.db;
    const id = await newImport(db, 200);
    await appendRange(db, id, 0, 200);
    // Not something the console does: a stored body lost.
    await sql`update import_chunk set body = null, body_rows = null, body_row_nos = null where import_id = ${id}`.execute(
      db,
    );
    expect(await store.takeChunk(db, id, 0)).toEqual({ action: 'broken', sends: 0, rowNos: range(0, 200) });
    expect((await store.loadChunk(db, id, 0)).sends).toBe(0);
  });
});
