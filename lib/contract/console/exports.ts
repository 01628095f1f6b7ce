import { z } from 'zod';
import { endpoint, everyRole, everyRoleRead, file, json } from './endpoint';
import { idParam } from './params';
import type { JobState } from './jobs';

/** Server-side exports (.xlsx or CSV) of a whole list (app/api/exports): start one, follow it, download the file. */

import { EXPORT_FILE_PATH, EXPORT_FORMATS, EXPORT_RESOURCES, type ExportResource } from './export-kinds';
export {
  EXPORT_FORMATS,
  EXPORT_RESOURCES,
  isExportResource,
  type ExportFormat,
  type ExportResource,
} from './export-kinds';

/** One of the person's export jobs. */
export interface ExportView {
  id: string;
  resource: ExportResource;
  filters: Record<string, string | number>;
  totalCount: number;
  state: JobState;
  createdAt: string;
  finishedAt: string | null;
  /** Pages read and pages in all (the name lists included). */
  pagesDone: number;
  pagesTotal: number;
  pagesFailed: number;
  /** True when the file can be downloaded: finished with every page read. */
  ready: boolean;
}

// Every role may export what it may read: /v1 reads are open to every console role.

export const exportsApi = {
  list: everyRoleRead<{ exports: ExportView[] }>('/api/exports'),
  start: endpoint({
    method: 'POST',
    path: '/api/exports',
    access: everyRole,
    // The filters are the list's own; the server keeps those the list knows and drops the rest.
    body: z.object({ resource: z.enum(EXPORT_RESOURCES), filters: z.record(z.string(), z.unknown()).optional() }),
    answer: json<{ export: ExportView }>(),
    errors: { export_already_running: 409 },
  }),
  /** A plain link: the browser saves the file itself. Only the caller's own export is found. */
  file: endpoint({
    method: 'GET',
    path: EXPORT_FILE_PATH,
    access: everyRole,
    params: z.object({ id: idParam }),
    /** The file's format: an Excel workbook (typed cells) unless CSV is asked for. */
    query: z.object({ format: z.enum(EXPORT_FORMATS).optional() }),
    answer: file(),
    errors: { export_not_found: 404, export_not_ready: 409 },
    plainGet: true,
  }),
};
