'use client';

import { useTranslations } from 'next-intl';
import type { RowIssue } from '@/lib/csv/check';
import { describeIssue } from '@/lib/csv/describe';
import type { FileError } from '@/lib/csv/parse';
import { useErrorMessage } from '@/lib/i18n/use-error-message';

/** The wizard's sentences for a field, a row's issue and a file error, in the reader's language. */
export function useImportTexts() {
  const t = useTranslations('imports');
  const errorText = useErrorMessage();
  const fieldLabel = (name: string) => (t.has(`fields.${name}`) ? t(`fields.${name}` as 'fields.id') : name);
  const issueText = (issue: RowIssue) =>
    describeIssue(issue, { own: (code, params) => t(`issues.${code}`, params), service: errorText, field: fieldLabel });
  const fileErrorText = (error: FileError) => t(`fileErrors.${error.code}`, { ...error });
  return { fieldLabel, issueText, fileErrorText };
}
