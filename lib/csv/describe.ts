import { errorField, errorMessage } from '@/lib/contract/errors';
import type { RowIssue } from './check';

/** Codes of the import itself (file reading, the check); every other code is the service's. */
export const IMPORT_ISSUE_CODES = [
  'wrong_cell_count',
  'malformed_quotes',
  'invalid_components_cell',
  'creates_every_time',
  'duplicate_key',
  'import_chunk_failed',
] as const;

type IssueTranslator = (code: (typeof IMPORT_ISSUE_CODES)[number], params?: Record<string, string | number>) => string;

/**
 * The sentence for one issue of a row: the import's own codes from the `imports.issues` catalogue, the
 * service's from the error catalogue; prefixed with the column when the issue is about one.
 */
export function describeIssue(issue: RowIssue, t: IssueTranslator, fieldLabel?: (field: string) => string): string {
  const own = (IMPORT_ISSUE_CODES as readonly string[]).includes(issue.code);
  const sentence = own ? t(issue.code as (typeof IMPORT_ISSUE_CODES)[number], issue.params) : errorMessage(issue.code);
  const field = issue.field ?? errorField(issue.code);
  return field && fieldLabel ? `${fieldLabel(field)}: ${sentence}` : sentence;
}
