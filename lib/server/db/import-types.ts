import type { ColumnType, Generated } from 'kysely';

/** jsonb: read as parsed JSON, written as JSON text. */
type Json = ColumnType<unknown, string, string>;

/** A CSV import (migrations 0050 and 0060, lib/server/imports). bigint columns come back as strings. */
export interface ImportTable {
  id: Generated<string>;
  family: string;
  file_name: string;
  encoding: string;
  delimiter: string;
  headers: Json;
  mapping: Json;
  total_rows: number;
  /** uploading | started | settled */
  state: Generated<string>;
  job_id: string | null;
  /** No more parts are taken (see migration 0180). */
  upload_closed: Generated<boolean>;
  created_by: string;
  created_by_email: string;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

/** Every row of an import file with its latest outcome. */
export interface ImportRowTable {
  import_id: string;
  row_no: number;
  line: number;
  cells: Json;
  /** The batch item sent; null when the check held the row back. */
  item: Json | null;
  keyed: Generated<boolean>;
  chunk: number | null;
  /** pending | sending | created | updated | ok | failed | unknown | not_sent | skipped */
  status: string;
  record_id: string | null;
  errors: ColumnType<unknown, string | undefined, string>;
  warnings: ColumnType<unknown, string | undefined, string>;
  attempt: Generated<number>;
  /** What the comparison predicted (create | update | same; migration 0275); null when not compared. */
  predicted: string | null;
}

/** How many requests carried each chunk of an import (migration 0120). */
export interface ImportChunkTable {
  import_id: string;
  chunk: number;
  sends: Generated<number>;
  /** The chunk's request body as uploaded (migration 0131); null: built from the rows. */
  body: string | null;
  body_rows: number | null;
  /** The rows the body holds, in its order (migration 0170); null for bodies stored before. */
  body_row_nos: number[] | null;
}

/** Rows per status of an import (migration 0130), kept by triggers on import_row. */
export interface ImportCountTable {
  import_id: string;
  counts: ColumnType<Record<string, number>, string | undefined, string>;
}

/** Each person's column mapping per import family. */
export interface ImportMappingTable {
  user_id: string;
  family: string;
  mapping: Json;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** The sends of an import: attempt 1, then one per "Resend failed rows". */
export interface ImportAttemptTable {
  import_id: string;
  no: number;
  job_id: string | null;
  rows: number;
  created_by: string;
  created_by_email: string;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

/** The earlier outcomes of a row that was sent again. */
export interface ImportRowAttemptTable {
  import_id: string;
  row_no: number;
  attempt: number;
  cells: Json;
  status: string;
  record_id: string | null;
  errors: ColumnType<unknown, string | undefined, string>;
}

/** The import tables of the console database (lib/server/imports). */
export interface ImportTables {
  import: ImportTable;
  import_row: ImportRowTable;
  import_chunk: ImportChunkTable;
  import_count: ImportCountTable;
  import_mapping: ImportMappingTable;
  import_attempt: ImportAttemptTable;
  import_row_attempt: ImportRowAttemptTable;
}
