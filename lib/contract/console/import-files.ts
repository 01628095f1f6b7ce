import { z } from 'zod';

/**
 * What an import file may be and what the browser uploads of it: the families (one per batch endpoint), the
 * encodings and delimiters read, the size limits, the upload's parts and the bodies of /api/imports. lib/imports
 * reads and checks files with these; the route wrapper checks the bodies with the same schemas.
 */

import {
  DELIMITERS,
  ENCODINGS,
  FAMILY_NAMES,
  isFamilyName,
  type Delimiter,
  type Encoding,
  type FamilyName,
} from './import-values';
export { DELIMITERS, ENCODINGS, FAMILY_NAMES, isFamilyName, type Delimiter, type Encoding, type FamilyName };

export const READ_LIMITS = {
  maxBytes: 50 * 1024 * 1024,
  maxRows: 200_000,
} as const;

/** Rows per request the import job sends to the upstream: a chunk (the unit of the job and of an unknown outcome). */
export const CHUNK_SIZE = 200;
/** Rows per upload request at most. */
export const UPLOAD_PART_ROWS = 5_000;
/**
 * The browser's first part is one chunk: the import starts once it is stored, so the job sends its first
 * chunk while a part of UPLOAD_PART_ROWS would still be being stored (bench/import: about 0.3 s earlier).
 */
export const FIRST_PART_ROWS = CHUNK_SIZE;

/** The parts of an upload of `total` rows, as [from, to) ranges. Every part but the last ends on a chunk boundary. */
export function uploadParts(total: number): [number, number][] {
  const parts: [number, number][] = [];
  for (let from = 0; from < total;) {
    const to = Math.min(total, from + (from === 0 ? FIRST_PART_ROWS : UPLOAD_PART_ROWS));
    parts.push([from, to]);
    from = to;
  }
  return parts;
}

/** The comparison's kinds of a row it expects to succeed (lib/imports/compare.ts). */
export const PREDICTED_KINDS = ['create', 'update', 'same'] as const;
export type PredictedKind = (typeof PREDICTED_KINDS)[number];

export const rowIssue = z.object({
  code: z.string().max(200),
  /** The API field the issue is about, when it is one. */
  field: z.string().max(100).optional(),
  /** 1-based column of the file the field came from. */
  column: z.number().int().optional(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type RowIssue = z.infer<typeof rowIssue>;

export const createImportBody = z.object({
  family: z.enum(FAMILY_NAMES),
  fileName: z.string().min(1).max(255),
  encoding: z.enum(ENCODINGS),
  delimiter: z.enum(DELIMITERS),
  headers: z.array(z.string().max(1000)).max(500),
  mapping: z.array(z.string().max(100).nullable()).max(500),
  totalRows: z.number().int().min(1).max(READ_LIMITS.maxRows),
  /** A bulk edit's or a pasted failed sync's rows are sent as an import; History files them as such. */
  origin: z.enum(['file', 'bulk', 'sync']).optional(),
});
/** `revert`: made by the server from History (never uploaded: the create body takes the other three). */
export type ImportOrigin = 'file' | 'bulk' | 'sync' | 'revert';
export type CreateImportBody = z.infer<typeof createImportBody>;

export const uploadRowsBody = z.object({
  rows: z
    .array(
      z.object({
        rowNo: z.number().int().min(0),
        line: z.number().int().min(1),
        cells: z.array(z.string()).max(500),
        item: z.record(z.string(), z.unknown()).nullable(),
        errors: z.array(rowIssue).max(50),
        warnings: z.array(rowIssue).max(50),
        skip: z.boolean().optional(),
        /** The record's values as read before sending (comparison, bulk edit review), for History. */
        before: z.record(z.string().max(100), z.unknown()).nullable().optional(),
        /** What "Compare with live data" said the row would do: a refusal after it is a misprediction. */
        predicted: z.enum(PREDICTED_KINDS).optional(),
      }),
    )
    .min(1)
    .max(UPLOAD_PART_ROWS),
});
export type UploadRowsBody = z.infer<typeof uploadRowsBody>;

export const saveMappingBody = z.object({ mapping: z.record(z.string().max(1000), z.string().max(100)) });

/**
 * "Resend failed rows": the fixed cells of each row, in the import's own column layout; with what the review's
 * comparison read and predicted for it, as for an upload.
 */
export const resendBody = z.object({
  rows: z
    .array(
      z.object({
        rowNo: z.number().int().min(0),
        cells: z.array(z.string().max(10_000)).max(500),
        before: z.record(z.string().max(100), z.unknown()).nullable().optional(),
        predicted: z.enum(PREDICTED_KINDS).optional(),
      }),
    )
    .min(1)
    .max(20_000),
});
export type ResendBody = z.infer<typeof resendBody>;
