import { errorMessage } from '@/lib/contract/errors';

/**
 * Field errors carry an error code (zod messages in lib/contract are codes, and server errors are set with
 * their code), so the words come from one catalogue whichever side found the problem.
 */
export function fieldErrorSentence(code: unknown): string | undefined {
  return typeof code === 'string' && code !== '' ? errorMessage(code) : undefined;
}
