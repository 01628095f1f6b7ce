import type { OperationWords } from '@/lib/server/audit';

/** A translator of one namespace, as next-intl hands it to a page or a component. */
type Translate = ((key: string, values?: Record<string, string | number>) => string) & {
  has: (key: string) => boolean;
};

/**
 * What an entry did (or what the filter offers), in the person's language: the words' key under `audit.what.*`,
 * with the record's noun, a field's label inside a sentence and a finding's rule by its title.
 */
export function whatText(words: OperationWords, t: Translate, th: Translate, ta: Translate): string {
  const field = words.field ? (th.has(`fields.${words.field}`) ? th(`fields.${words.field}`) : words.field) : '';
  return t(`what.${words.key}`, {
    ...words.values,
    noun: t(`nouns.${words.noun ?? 'none'}`),
    rule: words.rule ? ta(`rules.${words.rule}.title`) : '',
    // "Changed sell price": the field's label inside a sentence (an acronym such as "ERP code" keeps its case).
    field: /^[A-Z]{2}/.test(field) ? field : field.charAt(0).toLocaleLowerCase() + field.slice(1),
  });
}
