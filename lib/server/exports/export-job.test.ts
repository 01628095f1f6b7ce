import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createService, type Service } from '@/service';
import { CREDS, testSeed } from '@/service/testing/fixtures';
import zhTW from '@/messages/zh-TW/exports.json';
import type { ConsoleDbConnection } from '../db/connect';
import { JobRunner } from '../jobs/runner';
import { createJob, getJob } from '../jobs/store';
import { consoleDbEngines, stopConsoleDbEngines } from '../jobs/testing/db-engines';
import { limitedFetch } from '../jobs/limited-fetch';
import { createUpstreamClient, type UpstreamClient } from '../upstream';
import { SkewTracker } from '../upstream/skew';
import { readWorkbook } from '@/lib/files/xlsx-read';
import { sheetRows } from '@/lib/files/workbook';
import { MirrorPasses } from '../testing/mirror-passes';
import { mirrorServes } from '../mirror/reads/lists';
import {
  EXPORT_JOB,
  exportCsv,
  exportFilters,
  exportJob,
  exportLists,
  planExport,
  type ExportParams,
} from './export-job';
import { exportXlsx } from './export-xlsx';

// The export job against the reference service (in-process, real signing) and the console database on PGlite.
const SKUS = 250;
let service: Service;
let connection: ConsoleDbConnection;
let upstream: UpstreamClient;
const pageReads: string[] = [];

beforeAll(async () => {
  const seed = testSeed();
  const acme = seed.tenants[0]!;
  acme.products!.push({ id: 3, outerSysCode: 'P003', name: '高山烏龍茶', productCategoryId: 3, status: 'Active' });
  for (let i = 0; i < SKUS - 2; i++) {
    acme.skus!.push({
      id: 1000 + i,
      productId: i % 2 ? 3 : 1,
      outerSysCode: `EXP-${i}`,
      name: i === 7 ? '=HYPERLINK("x")' : `品項 ${i}`,
      barcode: '',
      warehouse: '',
      unit: '',
      spec: '',
      price: i,
      sellPrice: i,
      quantityPrecision: 0,
      status: 'Active',
      inventoryQty: 1,
      reservedQty: 0,
      allowNegativeStock: false,
    });
  }
  service = await createService({ memory: true, seed });
  const fetch = async (request: Request) => {
    const url = new URL(request.url);
    if (url.pathname === '/v1/skus') pageReads.push(url.searchParams.get('page') ?? '');
    return service.fetch(request);
  };
  upstream = createUpstreamClient({
    baseUrl: 'http://embedded.invalid',
    clientId: CREDS.erp.clientId,
    clientSecret: CREDS.erp.secret,
    fetch: limitedFetch(fetch, { concurrency: 4 }),
    skew: new SkewTracker(),
  });
  connection = (await consoleDbEngines()[0]!.open()).connection;
});

afterAll(async () => {
  await connection?.close().catch(() => {});
  await service?.close();
  await stopConsoleDbEngines();
});

async function runExport(params: Omit<ExportParams, 'totalCount'>) {
  const { totalCount, units } = await planExport(
    upstream,
    params.resource,
    params.filters,
    undefined,
    params.mirror ? connection.db : undefined,
  );
  const id = await createJob(connection.db, {
    kind: EXPORT_JOB,
    tenant: 't#export:u1',
    params: { ...params, totalCount },
    createdBy: 'u1',
    rerunExpired: true,
    units,
  });
  const runner = new JobRunner({ db: connection.db, kinds: [exportJob], upstream, pollMs: 20, flushMs: 10 });
  runner.start();
  const start = Date.now();
  while ((await getJob(connection.db, id))?.state !== 'succeeded') {
    if (Date.now() - start > 60_000) throw new Error('export did not finish');
    await new Promise((r) => setTimeout(r, 50));
  }
  await runner.stop();
  const header = (key: string) => (zhTW.exports.columns as Record<string, string>)[key] ?? key;
  let text = '';
  for await (const part of exportCsv(connection.db, id, params.resource, header)) text += part;
  return { id, totalCount, units, text, header };
}

describe('export job', () => {
  it('reads every page once, in parallel units, and writes one CSV with headers in the person’s language and names beside ids', async () => {
    pageReads.length = 0;
    const { totalCount, units, text } = await runExport({ resource: 'skus', filters: {} });
    expect(totalCount).toBe(SKUS);
    expect(units.filter((u) => u.input.list === 'main')).toHaveLength(3);
    expect([...pageReads].sort()).toEqual(['1', '1', '2', '3']); // the count, then pages 1–3
    expect(text.startsWith('\uFEFF')).toBe(true);
    const parsed = Papa.parse<string[]>(text.slice(1).trim(), { skipEmptyLines: true });
    const [head, ...rows] = parsed.data;
    expect(head).toEqual(
      expect.arrayContaining([
        zhTW.exports.columns.productName,
        zhTW.exports.columns.categoryName,
        zhTW.exports.columns.outerSysCode,
      ]),
    );
    expect(rows).toHaveLength(SKUS);
    const col = (key: keyof typeof zhTW.exports.columns) => head!.indexOf(zhTW.exports.columns[key]);
    const row = rows.find((r) => r[col('outerSysCode')] === 'EXP-1')!;
    expect(row[col('productId')]).toBe('3');
    expect(row[col('productName')]).toBe('高山烏龍茶');
    expect(row[col('categoryName')]).toBe('Coffee');
    expect(rows.find((r) => r[col('outerSysCode')] === 'S001')![col('productName')]).toBe('Oolong');
    // A name a spreadsheet would run as a formula is neutralised.
    expect(rows.find((r) => r[col('outerSysCode')] === 'EXP-7')![col('name')]).toBe('\'=HYPERLINK("x")');
    expect(new Set(rows.map((r) => r[col('id')])).size).toBe(SKUS);
  });

  it('applies the list filters the resource accepts and drops the rest', async () => {
    expect(exportFilters('skus', { productId: '3', name: '品項', bogus: 'x', status: 5 })).toEqual({
      productId: 3,
      name: '品項',
    });
    const { totalCount, text } = await runExport({ resource: 'skus', filters: { productId: 3 } });
    expect(totalCount).toBe((SKUS - 2) / 2);
    expect(text.trim().split('\r\n')).toHaveLength(totalCount + 1);
  });

  it('writes the same export as an Excel workbook, streamed: the same headers and cells, identifiers as text, prices as numbers', async () => {
    const { id, text, header } = await runExport({ resource: 'skus', filters: {} });
    const parts: Uint8Array[] = [];
    for await (const part of exportXlsx(connection.db, id, 'skus', header)) parts.push(part);
    expect(parts.length).toBeGreaterThan(0);
    const book = readWorkbook(new Uint8Array(Buffer.concat(parts)));
    expect(book.sheets).toEqual(['skus']);
    const read = sheetRows(book.data);
    const csv = Papa.parse<string[]>(text.slice(1).trim(), { skipEmptyLines: true }).data;
    expect(read.headers).toEqual(csv[0]);
    expect(read.rows).toHaveLength(SKUS);
    const col = (key: keyof typeof zhTW.exports.columns) => read.headers.indexOf(zhTW.exports.columns[key]);
    const cells = (code: string) => read.rows.find((r) => r.cells[col('outerSysCode')] === code)!.cells;
    expect(cells('EXP-1')[col('productName')]).toBe('高山烏龍茶');
    // A workbook's text cell is never a formula: the name is written as it is, with no apostrophe.
    expect(cells('EXP-7')[col('name')]).toBe('=HYPERLINK("x")');
    const price = col('price');
    const rowOf = (code: string) => book.data.findIndex((r) => r[col('outerSysCode')] === code);
    expect(book.data[rowOf('EXP-9')]![price]).toEqual({ stored: '9' });
    expect(book.data[rowOf('EXP-9')]![col('id')]).toBe('1009');
  });

  it('reads the mirror instead of the service once its copy of every list the file needs is complete, and writes the same file', async () => {
    const live = await runExport({ resource: 'skus', filters: { productId: 3 } });
    const setting = { enabled: true, tenant: 'export-test', intervalMs: 30_000 };
    expect(await mirrorServes(connection.db, exportLists('skus'), setting)).toBe(false);
    const runner = new MirrorPasses({
      db: connection.db,
      client: upstream,
      tenant: setting.tenant,
      intervalMs: 30_000,
      sweepMs: 3_600_000,
    });
    await runner.round();
    expect(await mirrorServes(connection.db, exportLists('skus'), setting)).toBe(true);
    pageReads.length = 0;
    const mirrored = await runExport({ resource: 'skus', filters: { productId: 3 }, mirror: true });
    expect(pageReads).toEqual([]);
    expect(mirrored.totalCount).toBe(live.totalCount);
    expect(mirrored.text).toBe(live.text);
  });
});
