import { errorField } from '@/lib/contract/errors';
import { SERVICE_BUSY } from '@/lib/contract/rate-limit';
import {
  busyUntilSentence,
  englishFailureSentence,
  errorMessage,
  failureSentence,
  httpFailureSentence,
  type FailureKind,
} from '@/lib/i18n/error-messages';

export type ApiErrorKind =
  /** The service or the proxy answered with an error status and a code. */
  | 'http'
  /** The upstream's unclassified 500 `{ code, message }`. */
  | 'server'
  /** The browser could not reach the console at all. */
  | 'network'
  /** A 2xx answer whose body did not have the expected shape. */
  | 'invalid_response'
  /** One item of a batch failed (stock, price). */
  | 'batch_item'
  /** The browser was offline, so the console did not send the request at all. */
  | 'offline'
  /** The console itself stopped the request before sending it (nothing to send, a step out of order). */
  | 'not_sent';

// Neither sentence may promise that nothing changed: a write can fail this way after it was applied.
// The words live in messages/<locale>/errors.json (errorFallback); the sentence is translated as the error is made.
export const NETWORK_ERROR_SENTENCE = englishFailureSentence('network');
export const SERVER_ERROR_SENTENCE = englishFailureSentence('server');
export const OFFLINE_SENTENCE = englishFailureSentence('offline');
export const INVALID_RESPONSE_SENTENCE = englishFailureSentence('invalidResponse');
const FAILURE_OF_KIND: Partial<Record<ApiErrorKind, FailureKind>> = {
  network: 'network',
  server: 'server',
  offline: 'offline',
  invalid_response: 'invalidResponse',
};

/** A failure's English sentence (made where the error is thrown) in the page's language. */
function translated(kind: ApiErrorKind, sentence: string): string {
  const failure = FAILURE_OF_KIND[kind];
  if (!failure) return sentence;
  const english = englishFailureSentence(failure);
  return sentence.startsWith(english) ? failureSentence(failure) + sentence.slice(english.length) : sentence;
}

/**
 * Every failed call to /api/upstream ends as one of these: the HTTP status (0 when nothing answered), the
 * code the service or proxy sent, a sentence for people, and the write field the code is about when there is one.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly sentence: string;
  readonly field: string | undefined;
  readonly kind: ApiErrorKind;
  /** All codes, for batch items that may carry several. */
  readonly codes: string[];
  /** The JSON error body as it came (console endpoints add facts such as `activeImportId`); {} when none. */
  readonly body: Record<string, unknown>;

  constructor(init: {
    status: number;
    code: string;
    kind: ApiErrorKind;
    sentence?: string;
    codes?: string[];
    body?: Record<string, unknown>;
  }) {
    const sentence = init.sentence !== undefined ? translated(init.kind, init.sentence) : errorMessage(init.code);
    super(sentence);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.kind = init.kind;
    this.sentence = sentence;
    this.field = errorField(init.code);
    this.codes = init.codes ?? [init.code];
    this.body = init.body ?? {};
  }

  get isNotFound(): boolean {
    return this.status === 404;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * Reads an error body into a code. The service answers `{ error }`, `{ code, message }` for a 500, or
 * problem details `{ detail }` on some 404s; the proxy answers `{ error, message }`.
 */
export function errorFromBody(status: number, body: unknown): ApiError {
  // A 404 comes in several body shapes (`{ error: not_found }`, `{ error: 'company not found' }`, problem
  // details with `company_not_found`); which one came back says nothing more, so the status alone decides.
  if (status === 404) return new ApiError({ status, code: 'not_found', kind: 'http' });
  if (body && typeof body === 'object') {
    const b = body as Record<string, unknown>;
    if (b.error === SERVICE_BUSY && typeof b.retryAfter === 'number') {
      // Held back for the service's rate limit: the sentence says until when, not just "busy".
      const first = errorMessage(SERVICE_BUSY);
      // Sentences in Chinese follow one another without a space after the full stop.
      const sentence = `${first}${first.endsWith('。') ? '' : ' '}${busyUntilSentence(new Date(Date.now() + b.retryAfter * 1000))}`;
      return new ApiError({ status, code: SERVICE_BUSY, kind: 'http', sentence, body: b });
    }
    if (typeof b.error === 'string' && b.error !== '') {
      // The sentence comes from the catalogue by code, in the page's language (the body's `message` is English
      // for API clients); a code the catalogue does not know reads "The service answered: <code>".
      return new ApiError({ status, code: b.error, kind: 'http' });
    }
    if (status >= 500 && typeof b.code === 'string') {
      const detail = typeof b.message === 'string' && b.message ? ` (${b.code}: ${b.message})` : ` (${b.code})`;
      return new ApiError({ status, code: b.code, kind: 'server', sentence: SERVER_ERROR_SENTENCE + detail });
    }
    if (typeof b.detail === 'string' && b.detail !== '') {
      return new ApiError({ status, code: b.detail, kind: 'http' });
    }
  }
  if (status >= 500) {
    return new ApiError({
      status,
      code: `http_${status}`,
      kind: 'server',
      sentence: `${SERVER_ERROR_SENTENCE} (HTTP ${status})`,
    });
  }
  return new ApiError({ status, code: `http_${status}`, kind: 'http', sentence: httpFailureSentence(status) });
}

/**
 * An error answer of the console's own endpoints (lib/contract/console): `{ error, message, ...facts }`
 * whose code is exact even on a 404 (`import_not_found`), with the facts kept (`activeImportId`).
 */
export function consoleErrorFromBody(status: number, body: unknown): ApiError {
  if (body && typeof body === 'object' && typeof (body as Record<string, unknown>).error === 'string') {
    const b = body as Record<string, unknown>;
    return new ApiError({ status, code: String(b.error), kind: status >= 500 ? 'server' : 'http', body: b });
  }
  return errorFromBody(status, body);
}

/** What became of a write (guide: "Data safety"). */
export type WriteOutcome = 'applied' | 'refused' | 'unknown';

/**
 * The outcome of a write that threw. Refused: a 4xx, a failed batch item, or stopped before sending
 * (offline); nothing was changed. Unknown: a 5xx (the proxy's own 502 and 504 included), no answer, or a
 * 2xx whose body could not be read: the write may or may not have been applied.
 */
export function failedWriteOutcome(error: unknown): Exclude<WriteOutcome, 'applied'> {
  if (!isApiError(error)) return 'unknown';
  if (
    error.kind === 'offline' ||
    error.kind === 'not_sent' ||
    error.kind === 'batch_item' ||
    error.code === 'code_check_failed' ||
    error.code === 'policy_check_failed'
  )
    return 'refused';
  if (error.kind === 'http' && error.status >= 400 && error.status < 500) return 'refused';
  return 'unknown';
}
