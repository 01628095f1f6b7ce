import { exportColumns, namesNeeded, type ExportNames, type ExportResource } from '@/lib/files/export-columns';
import { endpointPath } from '@/lib/contract/console/endpoint';
import { EXPORT_FILE_PATH, type ExportFormat } from '@/lib/contract/console/export-kinds';
import { consoleFetch } from '../console-fetch';
import { fetchAllPages, fetchListPage, type AllPagesProgress } from '../lists';

// The endpoint entries carry the server's zod schemas: they load with the first call, not with the page.
const exportsApi = () => import('@/lib/contract/console/exports').then((m) => m.exportsApi);

/** Pages read at once by an export in the browser (the list pages' own export reads 4). */
export const BROWSER_EXPORT_CONCURRENCY = 6;

export type ExportFilters = { outerSysCode?: string; name?: string };

/** Every export resource is a list of the same name. */
const LIST_OF = {
  companies: 'companies',
  products: 'products',
  skus: 'skus',
  bundles: 'bundles',
} as const satisfies Record<ExportResource, string>;

/** How many rows the export would hold (one small read). */
export async function countRows(
  resource: ExportResource,
  filters: ExportFilters,
  signal?: AbortSignal,
): Promise<number> {
  const page = await fetchListPage(LIST_OF[resource], { filters, page: 1, pageSize: 1 }, signal);
  return page.totalCount;
}

/**
 * A small export read here: the rows and the name lists, every list's pages fetched
 * BROWSER_EXPORT_CONCURRENCY at a time, then one file (an Excel workbook or CSV) with headers in the person's
 * language. The writers load with the first export, not with the page.
 */
export async function exportInBrowser(
  resource: ExportResource,
  filters: ExportFilters,
  header: (key: string) => string,
  format: ExportFormat,
  options: { signal?: AbortSignal; onProgress?: (p: AllPagesProgress) => void } = {},
): Promise<{ file: Blob | string; name: string; rows: number }> {
  const need = namesNeeded(resource);
  const opts = { signal: options.signal, concurrency: BROWSER_EXPORT_CONCURRENCY };
  const [rows, products, categories] = await Promise.all([
    fetchAllPages(LIST_OF[resource], filters, { ...opts, onProgress: options.onProgress }),
    need.products ? fetchAllPages('products', {}, opts) : [],
    need.categories ? fetchAllPages('productCategories', {}, opts) : [],
  ]);
  const names: ExportNames = {
    product: new Map(products.map((p) => [p.id, { name: p.name, productCategoryId: p.productCategoryId }])),
    category: new Map(categories.map((c) => [c.id, c.name])),
  };
  const columns = exportColumns(resource, header, names);
  const { csvFileName, toCsv } = await import('@/lib/files/csv-write');
  if (format === 'csv') return { file: toCsv(rows, columns), name: csvFileName(resource), rows: rows.length };
  const { toXlsx, XLSX_TYPE } = await import('@/lib/files/xlsx-write');
  const bytes = await toXlsx(rows, columns, resource);
  return {
    file: new Blob([bytes as Uint8Array<ArrayBuffer>], { type: XLSX_TYPE }),
    name: csvFileName(resource, new Date(), 'xlsx'),
    rows: rows.length,
  };
}

export function listMyExports(signal?: AbortSignal) {
  return exportsApi()
    .then((api) => consoleFetch(api.list, { signal }))
    .then((r) => r.exports);
}

export function startExportJob(resource: ExportResource, filters: ExportFilters) {
  return exportsApi()
    .then((api) => consoleFetch(api.start, { body: { resource, filters } }))
    .then((r) => r.export);
}

/** A plain link: the browser saves the file as the server names it, as an Excel workbook or CSV. */
export const exportFileUrl = (id: string, format: ExportFormat) =>
  `${endpointPath({ path: EXPORT_FILE_PATH }, { id })}?format=${format}`;
