'use client';

import { useTranslations } from 'next-intl';
import type { RowIssue } from '@/lib/imports/check';
import { describeIssue } from '@/lib/imports/describe';
import type { FileError } from '@/lib/files/csv-parse';
import { useErrorMessage } from '@/lib/i18n/use-error-message';
import { useSeparators } from '@/lib/i18n/use-separators';

/** The wizard's sentences for a field, a row's issue and a file error, in the reader's language. */
export function useImportTexts() {
  const t = useTranslations('imports');
  const tv = useTranslations('valueIssues');
  const ta = useTranslations('attention');
  const errorText = useErrorMessage();
  /** Between the items of a list of fields or values, in the reader's language (、 in Chinese). */
  const { list } = useSeparators();
  const fieldLabel = (name: string) => (t.has(`fields.${name}`) ? t(`fields.${name}` as 'fields.id') : name);
  const labelled = (field: string, issue: string) => t('fieldIssue', { field, issue });
  /** withField false: the issue shown in its own cell, where the column already names the field. */
  const issueText = (issue: RowIssue, withField = true) =>
    describeIssue(issue, {
      own: (code, params) => t(`issues.${code}`, params),
      service: errorText,
      field: withField ? fieldLabel : undefined,
      labelled,
      value: (expect, params) =>
        tv(expect as 'number', { ...params, field: fieldLabel(String(params.field)) } as { field: string }),
      rule: (id) => (ta.has(`rules.${id}.title`) ? ta(`rules.${id}.title` as 'title') : id),
    });
  const fileErrorText = (error: FileError) => t(`fileErrors.${error.code}`, { ...error });
  return { fieldLabel, issueText, fileErrorText, list };
}
