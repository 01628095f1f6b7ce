import { catalogueCode } from '@/lib/i18n/error-messages';
import type { IssueWords } from './describe';

/**
 * The words of a row's issues from a whole catalogue (a route writing a download), the same ones the screens use
 * (app/(console)/imports/_components/import-wizard/texts.ts): the import's own sentences, the service's codes,
 * the field labels, a refused value quoted (`valueIssues`), a "Needs attention" rule by its title.
 */
type Translate = (key: string, values?: Record<string, string | number>) => string;

export function catalogueIssueWords(t: Translate, has: (key: string) => boolean): Required<IssueWords> {
  const field = (f: string) => (has(`imports.fields.${f}`) ? t(`imports.fields.${f}`) : f);
  return {
    own: (code, params) => t(`imports.issues.${code}`, params),
    service: (code) => {
      const key = catalogueCode(code, (c) => has(`errors.${c}`));
      return key ? t(`errors.${key}`) : t('errorFallback.unknown', { code });
    },
    field,
    labelled: (label, sentence) => t('imports.fieldIssue', { field: label, issue: sentence }),
    value: (expect, params) => t(`valueIssues.${expect}`, { ...params, field: field(String(params.field)) }),
    rule: (id) => (has(`attention.rules.${id}.title`) ? t(`attention.rules.${id}.title`) : id),
  };
}
