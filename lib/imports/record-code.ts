import { consoleHeaders } from './console-headers';
import { FAMILY_COLUMNS } from './family-columns';
import { normaliseHeader } from './header-key';
import type { Mapping } from './mapping';

/**
 * Which column holds the ERP code of the record a row writes (issue 54 point 3: the check's table shows it
 * beside the line, so a person finds the row in the ERP): the column mapped to the ERP code or the company
 * code, else one whose header is an ERP code the console writes (a price or stock file cut from a SKU export
 * carries the code for reading, unmapped). -1 when the file has none.
 */
let codeHeaders: Set<string> | null = null;

function erpCodeHeaders(): Set<string> {
  if (codeHeaders) return codeHeaders;
  const skus = FAMILY_COLUMNS.skus;
  const found = new Set<string>([normaliseHeader('outerSysCode')]);
  for (const alias of skus.fields.find((f) => f.name === 'outerSysCode')?.aliases ?? [])
    found.add(normaliseHeader(alias));
  for (const [header, field] of consoleHeaders(skus).fields) if (field === 'outerSysCode') found.add(header);
  codeHeaders = found;
  return found;
}

export function codeColumn(headers: readonly string[], mapping: Mapping): number {
  const mapped = mapping.findIndex((field) => field === 'outerSysCode' || field === 'companyCode');
  if (mapped !== -1) return mapped;
  const known = erpCodeHeaders();
  return headers.findIndex((header, i) => !mapping[i] && known.has(normaliseHeader(header)));
}
