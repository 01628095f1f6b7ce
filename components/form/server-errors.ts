import type { ApiError } from '@/lib/client/api-error';
import { errorField } from '@/lib/contract/errors';
import { errorMessage } from '@/lib/i18n/error-messages';

/**
 * Splits a refusal into errors shown under the form's own fields (by errorField from lib/contract) and
 * sentences for the form as a whole. A batch item may carry several codes.
 */
export function routeServerError(
  error: ApiError,
  fields: readonly string[],
): { fieldErrors: { field: string; code: string }[]; formErrors: string[] } {
  const fieldErrors: { field: string; code: string }[] = [];
  const formErrors: string[] = [];
  const codes = error.kind === 'http' || error.kind === 'batch_item' ? error.codes : [];
  if (codes.length === 0) return { fieldErrors, formErrors: [error.sentence] };
  for (const code of codes) {
    const field = errorField(code);
    if (field && fields.includes(field) && !fieldErrors.some((e) => e.field === field))
      fieldErrors.push({ field, code });
    else formErrors.push(code === error.code ? error.sentence : errorMessage(code));
  }
  return { fieldErrors, formErrors };
}
