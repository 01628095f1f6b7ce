import { z } from 'zod';
import { endpoint, file, json } from './endpoint';
import { EXPORT_FORMATS } from './export-kinds';
import { FAMILY_NAMES } from './import-files';
import {
  DISMISS_REASON_MAX,
  LOG_UPLOAD_MAX_CHARS,
  REJECTION_STATES,
  REJECTIONS_PER_REQUEST_MAX,
  type LogUploadResult,
  type RejectionItems,
  type RejectionsView,
} from './rejection-types';

export * from './rejection-types';

/**
 * The rows an ERP sync could not apply (issue 53, app/api/rejections): what the /v1 relay or an uploaded
 * integration log recorded (lib/server/sync reads it), grouped by cause, then by sync and by record;
 * the items for the fix grid, dismissal with a reason, the upload of a log, the report for the ERP's team.
 */

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const rejectionId = z.string().regex(/^[1-9][0-9]{0,17}$/);
const ids = z.array(rejectionId).min(1).max(REJECTIONS_PER_REQUEST_MAX);

export const rejectionFilters = z.object({
  state: z.enum(REJECTION_STATES).optional(),
  family: z.enum(FAMILY_NAMES).optional(),
  error: z.string().min(1).max(200).optional(),
  client: z.string().max(200).optional(),
  from: day.optional(),
  to: day.optional(),
});

export const rejectionsApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/rejections',
    access: { kind: 'session', permission: 'runImports' },
    query: rejectionFilters,
    answer: json<RejectionsView>(),
  }),
  /** The items of a group or a selection, for the fix grid (all of one family). */
  items: endpoint({
    method: 'POST',
    path: '/api/rejections/items',
    access: { kind: 'session', permission: 'runImports' },
    body: z.object({ ids }),
    answer: json<RejectionItems>(),
    errors: { rejection_not_found: 404, rejections_mixed: 400 },
    // A read with its ids in a body (a selection can be long): nothing is written.
    audit: 'none',
  }),
  dismiss: endpoint({
    method: 'POST',
    path: '/api/rejections/dismiss',
    access: { kind: 'session', permission: 'runImports' },
    body: z.object({ ids, reason: z.string().trim().min(1).max(DISMISS_REASON_MAX) }),
    answer: json<{ dismissed: number }>(),
    // lib/server/sync records the dismissal with who, which records and why.
    audit: 'domain',
  }),
  upload: endpoint({
    method: 'POST',
    path: '/api/rejections/upload',
    access: { kind: 'session', permission: 'runImports' },
    body: z.object({ text: z.string().min(1).max(LOG_UPLOAD_MAX_CHARS), fileName: z.string().max(300) }),
    answer: json<LogUploadResult>(),
    errors: { log_unreadable: 400 },
  }),
  report: endpoint({
    method: 'GET',
    path: '/api/rejections/report',
    access: { kind: 'session', permission: 'runImports' },
    query: rejectionFilters.extend({ format: z.enum(EXPORT_FORMATS) }),
    answer: file(),
    plainGet: true,
  }),
};
