import { z } from 'zod';
import { ENCODINGS } from './encoding';
import { FAMILY_NAMES } from './families';
import { DELIMITERS, READ_LIMITS } from './parse';

/**
 * Bodies of the console's /api/imports endpoints, shared by the browser that sends them and the route
 * handlers that check them.
 */

export const rowIssue = z.object({
  code: z.string().max(200),
  field: z.string().max(100).optional(),
  column: z.number().int().optional(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});

export const createImportBody = z.object({
  family: z.enum(FAMILY_NAMES),
  fileName: z.string().min(1).max(255),
  encoding: z.enum(ENCODINGS),
  delimiter: z.enum(DELIMITERS),
  headers: z.array(z.string().max(1000)).max(500),
  mapping: z.array(z.string().max(100).nullable()).max(500),
  totalRows: z.number().int().min(1).max(READ_LIMITS.maxRows),
});
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
      }),
    )
    .min(1)
    .max(5_000),
});
export type UploadRowsBody = z.infer<typeof uploadRowsBody>;

export const saveMappingBody = z.object({ mapping: z.record(z.string().max(1000), z.string().max(100)) });

/** "Resend failed rows": the fixed cells of each row, in the import's own column layout. */
export const resendBody = z.object({
  rows: z
    .array(z.object({ rowNo: z.number().int().min(0), cells: z.array(z.string().max(10_000)).max(500) }))
    .min(1)
    .max(20_000),
});
export type ResendBody = z.infer<typeof resendBody>;
