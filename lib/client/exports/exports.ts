import { exportColumns, namesNeeded, type ExportNames, type ExportResource } from '@/lib/csv/export-columns';
import { toCsv } from '@/lib/csv/export';
import { ApiError, errorFromBody, NETWORK_ERROR_SENTENCE } from '../api-error';
import { fetchAllPages, fetchListPage, type AllPagesProgress } from '../lists';

/** Pages read at once by an export in the browser (the list pages' own export reads 4). */
export const BROWSER_EXPORT_CONCURRENCY = 6;

export type ExportFilters = { outerSysCode?: string; name?: string };

/** Every export resource is a list of the same name. */
const LIST_OF = { companies: 'companies', products: 'products', skus: 'skus', bundles: 'bundles' } as const satisfies Record<ExportResource, string>;

/** How many rows the export would hold (one small read). */
export async function countRows(resource: ExportResource, filters: ExportFilters, signal?: AbortSignal): Promise<number> {
  const page = await fetchListPage(LIST_OF[resource], { filters, page: 1, pageSize: 1 }, signal);
  return page.totalCount;
}

/**
 * A small export read here: the rows and the name lists, every list's pages fetched
 * BROWSER_EXPORT_CONCURRENCY at a time, then one CSV with headers in the person's language.
 */
export async function exportInBrowser(
  resource: ExportResource,
  filters: ExportFilters,
  header: (key: string) => string,
  options: { signal?: AbortSignal; onProgress?: (p: AllPagesProgress) => void } = {},
): Promise<{ csv: string; rows: number }> {
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
  return { csv: toCsv(rows, columns), rows: rows.length };
}

export interface ExportJobView {
  id: string;
  resource: ExportResource;
  filters: Record<string, string | number>;
  totalCount: number;
  state: 'planning' | 'running' | 'succeeded' | 'failed' | 'cancelled';
  createdAt: string;
  finishedAt: string | null;
  pagesDone: number;
  pagesTotal: number;
  pagesFailed: number;
  ready: boolean;
}

async function exportsApi<T>(init: { method?: 'GET' | 'POST'; body?: unknown; signal?: AbortSignal } = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch('/api/exports', {
      method: init.method ?? 'GET',
      headers: { 'X-Console-Request': '1', ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      credentials: 'same-origin',
      cache: 'no-store',
      signal: init.signal,
    });
  } catch (error) {
    if (init.signal?.aborted) throw error;
    throw new ApiError({ status: 0, code: 'network_error', kind: 'network', sentence: NETWORK_ERROR_SENTENCE });
  }
  const json: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw errorFromBody(response.status, json);
  return json as T;
}

export const myExportsKey = ['exports', 'mine'] as const;

export function listMyExports(signal?: AbortSignal) {
  return exportsApi<{ exports: ExportJobView[] }>({ signal }).then((r) => r.exports);
}

export function startExportJob(resource: ExportResource, filters: ExportFilters) {
  return exportsApi<{ export: ExportJobView }>({ method: 'POST', body: { resource, filters } }).then((r) => r.export);
}

export const exportFileUrl = (id: string) => `/api/exports/${id}/file`;
