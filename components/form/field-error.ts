import { useTranslations } from 'next-intl';
import { useFormContext, useWatch } from 'react-hook-form';
import { expectationOf, type ValueKind } from '@/lib/contract/expectations';
import { useErrorMessage } from '@/lib/i18n/use-error-message';

/**
 * Field errors carry an error code (zod messages in lib/contract are codes, and server errors are set with
 * their code), so the words come from one catalogue whichever side found the problem.
 */
export function useFieldError(): (code: unknown) => string | undefined {
  const message = useErrorMessage();
  return (code) => (typeof code === 'string' && code !== '' ? message(code) : undefined);
}

/** What a box takes, so its error can quote the value and say what is expected: its label, kind and text limit. */
export interface FieldExpectation {
  label: string;
  kind: ValueKind;
  /** The contract's character limit of a text box (LIMITS in lib/contract). */
  max?: number;
}

/** The value as the person typed it, for the sentence to quote ('' when there is none to quote). */
function typed(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  return typeof value === 'string' ? value : '';
}

/**
 * What a form field's frame (ui Field) takes from the form: the field's id and its error in words. Given what
 * the box takes, an error about the value's form or range quotes it and says what is expected, with the
 * contract's sentence and limits (lib/contract/expectations), the same the import check says of a cell
 * ("Name has 141 characters; at most 100"); any other code keeps its catalogue sentence.
 */
export function useFieldFrame(name: string, expected?: FieldExpectation): { id: string; error: string | undefined } {
  const { formState, control } = useFormContext();
  const value: unknown = useWatch({ control, name });
  const fieldError = useFieldError();
  const tv = useTranslations('valueIssues');
  const code = formState.errors[name]?.message;
  const text = typed(value);
  const sentence =
    expected && typeof code === 'string' && text.trim() !== ''
      ? expectationOf(code, name, text, expected.kind, expected.max)
      : null;
  const error = sentence
    ? tv(sentence.expect as 'number', { ...sentence.params, field: expected!.label } as { field: string })
    : fieldError(code);
  return { id: `field-${name}`, error };
}
