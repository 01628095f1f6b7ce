import { z } from 'zod';
import {
  RECORD_TYPES,
  type ChangeSource,
  type FieldDiff,
  type FindingRecord,
  type RecordType,
  type RefLabel,
} from '../history';
import { endpoint, file, json } from './endpoint';
import { EXPORT_FORMATS } from './exports';

/** The audit page's reads (app/api/audit): an entry's records, and the log or the change records as CSV. */

/** One record of an audit entry, as the audit page expands it (a 200-row chunk: its 200 rows). */
export interface EntryChange {
  recordType: RecordType;
  /** The record's id, or `code:<ERP code>` when only its code is known. */
  recordId: string;
  source: ChangeSource;
  result: 'applied' | 'refused' | 'unknown' | null;
  action: string | null;
  rowNo: number | null;
  /** The fields written, old → new; `from` only where the console read the old value. Null: nothing changed. */
  changes: FieldDiff[] | null;
  oldRead: boolean;
  /** A finding's record (source `attention`), in place of field changes. */
  finding?: FindingRecord | null;
  /** Fields sent with the value they already had (counted, not listed). */
  unchanged?: number;
  /** The record's code and name as the console's copy has them now (the audit page names records by them). */
  label?: RefLabel | null;
}

const day = z.string().max(40).optional();

export const auditApi = {
  changes: endpoint({
    method: 'GET',
    path: '/api/audit/[id]/changes',
    access: { kind: 'session', permission: 'readAudit' },
    params: z.object({ id: z.string().regex(/^[1-9][0-9]{0,18}$/) }),
    answer: json<{ changes: EntryChange[] }>(),
  }),
  /**
   * A plain link: the audit log (`kind=audit`, admins) or the change records (`kind=history`, of one record
   * with `type` and `id`: who may read that record's History), for the days `from`..`to`.
   */
  export: endpoint({
    method: 'GET',
    path: '/api/audit/export',
    access: {
      kind: 'session',
      permission: (_params, query) =>
        query.kind === 'history' && query.type && query.id
          ? query.type === 'users'
            ? 'manageInternalUsers'
            : 'readHistory'
          : 'readAudit',
    },
    query: z.object({
      kind: z.enum(['audit', 'history']).catch('audit'),
      type: z.enum(RECORD_TYPES).optional().catch(undefined),
      id: z
        .string()
        .regex(/^[1-9][0-9]{0,18}$/)
        .optional()
        .catch(undefined),
      from: day,
      to: day,
      /** `xlsx`: an Excel workbook (the pages' first choice); none or `csv`: the CSV, as before workbooks. */
      format: z.enum(EXPORT_FORMATS).optional().catch(undefined),
    }),
    answer: file(),
    plainGet: true,
  }),
};
