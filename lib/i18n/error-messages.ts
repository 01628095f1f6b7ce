import { isKnownErrorCode } from '@/lib/contract/errors';
import catalogue from '@/messages/en/errors.json';

/**
 * Error codes become words through the message catalogue (messages/<locale>/errors.json, keyed by code).
 * Components render with useErrorMessage (./use-error-message), in the person's language; code outside React (the browser's
 * ApiError fallback sentence, the proxy's `message` for API clients) uses the English catalogue.
 */
const EN: Record<string, string> = catalogue.errors;

function unknownCode(code: string): string {
  return catalogue.errorFallback.unknown.replace('{code}', code);
}

/** The English sentence for any code, including ones this console has never seen. */
export function errorMessage(code: string): string {
  return isKnownErrorCode(code) && Object.hasOwn(EN, code) ? EN[code]! : unknownCode(code);
}
