import 'server-only';
import type { ErrorCode } from '@/lib/contract/errors';
import { errorMessage } from '@/lib/i18n/error-messages';
import { REFUSALS, SAFE_RESPONSE_HEADERS } from '../proxy';

/**
 * A console endpoint's refusal: the code (from lib/contract/errors), its status, and facts the page needs
 * (`activeImportId`). Thrown by a handler, answered by the wrapper as `{ error, message, ...facts }`, the
 * proxy's shape, with the catalogue's English sentence for API clients (pages word the code themselves).
 */
export class ConsoleError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly status: number,
    readonly facts: Record<string, unknown> = {},
  ) {
    super(code);
    this.name = 'ConsoleError';
  }
}

export function errorResponse(code: ErrorCode, status: number, facts: Record<string, unknown> = {}): Response {
  return Response.json(
    { error: code, message: errorMessage(code), ...facts },
    { status, headers: SAFE_RESPONSE_HEADERS },
  );
}

/** The wrapper's own refusals: the proxy's codes and statuses. */
export function refusal(code: keyof typeof REFUSALS | 'invalid_parameter' | 'not_found'): Response {
  const status = code === 'invalid_parameter' ? 400 : code === 'not_found' ? 404 : REFUSALS[code];
  return errorResponse(code, status);
}
