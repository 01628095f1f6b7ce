import 'server-only';
import type { Kysely } from 'kysely';
import { LIST_FILTERS, PAGE_SIZE_MAX, type ListName } from '@/lib/contract/lists';
import { exportColumns, namesNeeded, type ExportNames, type ExportResource } from '@/lib/files/export-columns';
import { csvHeader, csvLines } from '@/lib/files/csv-write';
import type { ConsoleDatabase } from '../db';
import { defineJobKind } from '../jobs';
import { listUnitsIn } from '../jobs';
import type { UpstreamClient } from '../upstream';
import type { ClientListFilters } from '../upstream';
import { mirrorPage } from '../mirror';

/**
 * A large export (issue 17 point 6) as a job of the console's job runtime: one unit per page of 100 rows,
 * read in parallel under the runtime's concurrency limit, kept on the unit, and written out as CSV when the
 * person downloads it. It goes on when the page that started it is closed, and after a restart (reads:
 * an interrupted page is simply read again). The product and category lists are read as units too, so the
 * file carries their names beside the ids.
 */
export const EXPORT_JOB = 'export';
/** Above this many rows an export runs as a job; below, the browser reads the pages itself. */
export const EXPORT_JOB_THRESHOLD = 5000;

export type ExportFilters = Record<string, string | number>;
export interface ExportParams {
  resource: ExportResource;
  filters: ExportFilters;
  totalCount: number;
  /** Read from the mirror (its copy of every list the file needs was complete when the export started); else live. */
  mirror?: boolean;
}
export type ExportUnit = { list: 'main' | 'products' | 'categories'; page: number };
type Row = Record<string, unknown>;

const LIST_OF: Record<ExportResource, ListName> = {
  companies: 'companies',
  products: 'products',
  skus: 'skus',
  bundles: 'bundles',
};

/** Keeps only the filters the resource's list accepts, with the right type; anything else is dropped. */
export function exportFilters(resource: ExportResource, input: unknown): ExportFilters {
  const kinds = LIST_FILTERS[LIST_OF[resource]] as Record<string, string>;
  const out: ExportFilters = {};
  if (typeof input !== 'object' || input === null) return out;
  for (const [key, value] of Object.entries(input as Record<string, unknown>)) {
    const kind = kinds[key];
    if (!kind || value === null || value === undefined || value === '') continue;
    if (kind === 'id') {
      const n = typeof value === 'number' ? value : Number(value);
      if (Number.isSafeInteger(n) && n > 0) out[key] = n;
    } else if (typeof value === 'string' && value.length <= 200) out[key] = value;
  }
  return out;
}

/** The lists an export of `resource` reads: its own, and those that name its references. */
export function exportLists(resource: ExportResource): ListName[] {
  const need = namesNeeded(resource);
  return [
    LIST_OF[resource],
    ...(need.products ? (['products'] as const) : []),
    ...(need.categories ? (['productCategories'] as const) : []),
  ];
}

const pagesOf = (count: number) => Math.ceil(count / PAGE_SIZE_MAX);
const pageKey = (list: ExportUnit['list'], page: number) => `${list}:${String(page).padStart(7, '0')}`;

/**
 * Counts the rows (one small read per list, from the mirror when `mirrorDb` is given) and lists the units: the
 * name lists first, then the pages in order, so reading the units back by id gives the names before the rows
 * that need them.
 */
export async function planExport(
  upstream: UpstreamClient,
  resource: ExportResource,
  filters: ExportFilters,
  signal?: AbortSignal,
  mirrorDb?: Kysely<ConsoleDatabase>,
) {
  const need = namesNeeded(resource);
  const count = (list: ListName, f: object = {}) =>
    mirrorDb
      ? mirrorPage(mirrorDb, list, f as ExportFilters, 1, 1).then((p) => p.totalCount)
      : upstream
          .list(list, { filters: f as ClientListFilters<ListName>, page: 1, pageSize: 1 }, signal)
          .then((p) => p.totalCount);
  const [totalCount, products, categories] = await Promise.all([
    count(LIST_OF[resource], filters),
    need.products ? count('products') : 0,
    need.categories ? count('productCategories') : 0,
  ]);
  const units: { key: string; input: ExportUnit }[] = [];
  const add = (list: ExportUnit['list'], pages: number) => {
    for (let page = 1; page <= pages; page++) units.push({ key: pageKey(list, page), input: { list, page } });
  };
  add('products', pagesOf(products));
  add('categories', pagesOf(categories));
  add('main', pagesOf(totalCount));
  return { totalCount, units };
}

export const exportJob = defineJobKind<ExportParams, ExportUnit, Row[]>({
  name: EXPORT_JOB,
  rerunExpired: true,
  async run({ list, page }, { upstream, params, db }) {
    const name: ListName =
      list === 'main' ? LIST_OF[params.resource] : list === 'products' ? 'products' : 'productCategories';
    const filters = list === 'main' ? params.filters : {};
    const result = params.mirror
      ? await mirrorPage(db, name, filters, page, PAGE_SIZE_MAX)
      : await upstream.list(name, { filters: filters as ClientListFilters<ListName>, page, pageSize: PAGE_SIZE_MAX });
    const rows = (result.data ?? []) as Row[];
    // Only what the file shows is kept of the name lists.
    if (list === 'products')
      return {
        ok: true,
        result: rows.map((r) => ({ id: r.id, name: r.name, productCategoryId: r.productCategoryId })),
      };
    if (list === 'categories') return { ok: true, result: rows.map((r) => ({ id: r.id, name: r.name })) };
    return { ok: true, result: rows };
  },
});

/**
 * The finished export's rows, in parts: each batch of stored pages' rows in page order (a row that shifted
 * onto two pages while they were read is given once), with `names` filled from the name lists before the rows
 * that need them.
 */
export async function* exportRows(
  db: Kysely<ConsoleDatabase>,
  jobId: string,
  names: ExportNames,
): AsyncGenerator<Row[]> {
  const seen = new Set<unknown>();
  let afterId: string | undefined;
  for (;;) {
    const units = await listUnitsIn(db, jobId, { afterId, limit: 50 });
    if (units.length === 0) return;
    afterId = units[units.length - 1]!.id;
    const batch: Row[] = [];
    for (const unit of units) {
      const input = unit.input as ExportUnit;
      const rows = (Array.isArray(unit.result) ? unit.result : []) as Row[];
      if (input.list === 'products') {
        for (const r of rows)
          names.product.set(r.id as number, {
            name: (r.name as string | null) ?? null,
            productCategoryId: (r.productCategoryId as number | null) ?? null,
          });
      } else if (input.list === 'categories') {
        for (const r of rows) names.category.set(r.id as number, (r.name as string | null) ?? null);
      } else {
        for (const r of rows) if (!seen.has(r.id) && seen.add(r.id)) batch.push(r);
      }
    }
    if (batch.length) yield batch;
  }
}

/**
 * A finished export as a file, in parts. `header` gives a column's title in the downloading person's language;
 * the columns are made when the first part is asked for.
 */
export type ExportFile<Part> = (
  db: Kysely<ConsoleDatabase>,
  jobId: string,
  resource: ExportResource,
  header: (key: string) => string,
) => AsyncGenerator<Part>;

/** The columns of an export and its rows, batch by batch (the names its columns show are read as they come). */
export function exportedRows(
  db: Kysely<ConsoleDatabase>,
  jobId: string,
  resource: ExportResource,
  header: (key: string) => string,
) {
  const names: ExportNames = { product: new Map(), category: new Map() };
  return {
    columns: exportColumns(resource, header, names),
    rows: exportRows(db, jobId, names),
    /** The rows read afresh each time (a workbook reads them twice: to size its columns, then to write them). */
    pages: () => exportRows(db, jobId, names),
  };
}

/** The finished export as CSV text: the BOM and header line, then each batch of rows. */
export const exportCsv: ExportFile<string> = async function* (db, jobId, resource, header) {
  const { columns, rows } = exportedRows(db, jobId, resource, header);
  yield csvHeader(columns);
  for await (const batch of rows) yield csvLines(batch, columns);
};
