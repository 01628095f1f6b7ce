import { errorField } from '@/lib/contract/errors';
import type { RowIssue } from './check';
import { NEEDS_ATTENTION } from './attention-check';

/** Codes of the import itself (file reading, the check); every other code is the service's. */
export const IMPORT_ISSUE_CODES = [
  'wrong_cell_count',
  'malformed_quotes',
  'invalid_components_cell',
  'creates_every_time',
  'duplicate_key',
  'import_chunk_failed',
  'component_is_bundle',
  'repeated_in_file',
  'sku_moves',
  'sku_code_elsewhere',
  'excel_scientific',
  'barcode_check_digit',
  'excel_leading_zeros',
  'excel_leading_zeros_ambiguous',
  'needs_attention',
] as const;
export { NEEDS_ATTENTION };

export interface IssueWords {
  /** The import's own codes, from the `imports.issues` catalogue. */
  own: (code: (typeof IMPORT_ISSUE_CODES)[number], params?: Record<string, string | number>) => string;
  /** The service's codes, from the error catalogue (useErrorMessage in React, errorMessage elsewhere). */
  service: (code: string) => string;
  /** A field's label, to say which column the issue is about. */
  field?: (field: string) => string;
  /** The issue after its field's label, in the catalogue's colon ("Name: …", "名稱：…"); English's by default. */
  labelled?: (label: string, sentence: string) => string;
  /**
   * A refused value quoted with what the field takes (`valueIssues.<expect>`, the field's label among the
   * parameters as `field`, its API name): these sentences name their field themselves.
   */
  value?: (expect: string, params: Record<string, string | number>) => string;
  /** A "Needs attention" rule's title (`attention.rules.<id>.title`), for the warnings the check's rules give. */
  rule?: (id: string) => string;
}

/** The sentence for one issue of a row, prefixed with the field when the issue is about one. */
export function describeIssue(issue: RowIssue, words: IssueWords): string {
  const expect = issue.params?.expect;
  if (typeof expect === 'string' && words.value && issue.field)
    return words.value(expect, { ...issue.params, field: issue.field });
  if (issue.code === NEEDS_ATTENTION && words.rule && typeof issue.params?.rule === 'string')
    return words.own(NEEDS_ATTENTION, { ...issue.params, rule: words.rule(issue.params.rule) });
  const own = (IMPORT_ISSUE_CODES as readonly string[]).includes(issue.code);
  const sentence = own
    ? words.own(issue.code as (typeof IMPORT_ISSUE_CODES)[number], issue.params)
    : words.service(issue.code);
  const field = issue.field ?? errorField(issue.code);
  if (!field || !words.field) return sentence;
  return words.labelled ? words.labelled(words.field(field), sentence) : `${words.field(field)}: ${sentence}`;
}
