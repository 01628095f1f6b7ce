/**
 * What an export can be of and be written as, and where its file is read: the part of ./exports the browser
 * needs to draw the Exports page (./exports re-exports it). Kept apart from the endpoint entries, which carry
 * the server's zod schemas, so the page's first load has no zod.
 */

export const EXPORT_RESOURCES = ['companies', 'products', 'skus', 'bundles'] as const;
export type ExportResource = (typeof EXPORT_RESOURCES)[number];

export function isExportResource(value: unknown): value is ExportResource {
  return typeof value === 'string' && (EXPORT_RESOURCES as readonly string[]).includes(value);
}

/** The two file formats an export is written in ("Excel (.xlsx)" and "CSV"); Excel is the default. */
export const EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The route of an export's file, a plain link the browser saves from. */
export const EXPORT_FILE_PATH = '/api/exports/[id]/file';
