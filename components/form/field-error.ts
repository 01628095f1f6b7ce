import { useFormContext } from 'react-hook-form';
import { useErrorMessage } from '@/lib/i18n/use-error-message';

/**
 * Field errors carry an error code (zod messages in lib/contract are codes, and server errors are set with
 * their code), so the words come from one catalogue whichever side found the problem.
 */
export function useFieldError(): (code: unknown) => string | undefined {
  const message = useErrorMessage();
  return (code) => (typeof code === 'string' && code !== '' ? message(code) : undefined);
}

/** What a form field's frame (ui Field) takes from the form: the field's id and its error in words. */
export function useFieldFrame(name: string): { id: string; error: string | undefined } {
  const { formState } = useFormContext();
  const fieldError = useFieldError();
  return { id: `field-${name}`, error: fieldError(formState.errors[name]?.message) };
}
