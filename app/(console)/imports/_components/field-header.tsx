'use client';

import { normaliseHeader } from '@/lib/imports/header-key';
import { useImportTexts } from './import-wizard/texts';

/**
 * A column of an import's rows named as the console names the field, in the reader's language; the file's own
 * header beside it when the file calls the column something else (not merely the API name, e.g. `shortName`),
 * so the column is still found as the file has it. A column filling no field keeps the file's header.
 */
export function FieldHeader({ field, header }: { field: string | null | undefined; header: string }) {
  const { fieldLabel } = useImportTexts();
  const label = columnLabel(fieldLabel, field, header);
  // A header that is the API name however spelled (`outerSysCode`, `outer_sys_code`) is not shown: the label says it.
  const own =
    field && header.trim() && normaliseHeader(header) !== normaliseHeader(field) && header !== label ? header : null;
  return (
    <>
      <span data-field-label>{label}</span>
      {own ? <span className="ml-1 text-xs font-normal text-zinc-600 dark:text-zinc-400">({own})</span> : null}
    </>
  );
}

/** The words a cell's editor and a header are named by: the field's label, else the file's header. */
export function useColumnName() {
  const { fieldLabel } = useImportTexts();
  return (field: string | null | undefined, header: string) => columnLabel(fieldLabel, field, header);
}

/**
 * The field's label; for a column filling no field, the file's header, unless that header is a field's API name
 * exactly (the ERP code beside a revert's id, `outerSysCode`): the console's name for it then, never the raw key.
 */
function columnLabel(fieldLabel: (name: string) => string, field: string | null | undefined, header: string) {
  if (field) return fieldLabel(field);
  return /^[a-z][A-Za-z]*$/.test(header) ? fieldLabel(header) : header;
}
