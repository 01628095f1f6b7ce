import 'server-only';
import { errorBody, isKnownErrorCode, problemDetails, serverErrorBody } from '@/lib/contract';
import { errorMessage } from '@/lib/i18n/error-messages';

/**
 * One error type for every way a /v1 call can fail. `kind` says where it failed:
 * - http: the upstream answered with a non-2xx status (code parsed from the body);
 * - timeout / network: no answer (for a write this means the outcome is unknown);
 * - aborted: the caller cancelled;
 * - invalid_response: a 2xx whose body does not match the documented shape;
 * - invalid_request: refused before sending (for example updatedSince without a zone);
 * - busy: not sent, because the credential's rate limit would have kept a person waiting (rate-gate.ts).
 */
export type ApiErrorKind = 'http' | 'timeout' | 'network' | 'aborted' | 'invalid_response' | 'invalid_request' | 'busy';

export interface ApiErrorInit {
  kind: ApiErrorKind;
  /** HTTP status, or null when there was no answer. */
  status: number | null;
  code: string;
  /** The raw body: parsed JSON when it was JSON, the text otherwise, null when empty or absent. */
  body?: unknown;
  /** The upstream's own free text (`message` of a 500, `title` of problem details), when it gave one. */
  upstreamMessage?: string;
  method?: string;
  pathAndQuery?: string;
  /** Milliseconds from Retry-After on a 429, when given. */
  retryAfterMs?: number;
  /** True when a write may or may not have been applied (no answer, or a 5xx). */
  outcomeUnknown?: boolean;
  cause?: unknown;
}

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status: number | null;
  readonly code: string;
  readonly body: unknown;
  readonly upstreamMessage: string | undefined;
  readonly method: string | undefined;
  readonly pathAndQuery: string | undefined;
  readonly retryAfterMs: number | undefined;
  readonly outcomeUnknown: boolean;

  constructor(init: ApiErrorInit) {
    super(sentenceFor(init), init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'ApiError';
    this.kind = init.kind;
    this.status = init.status;
    this.code = init.code;
    this.body = init.body ?? null;
    this.upstreamMessage = init.upstreamMessage;
    this.method = init.method;
    this.pathAndQuery = init.pathAndQuery;
    this.retryAfterMs = init.retryAfterMs;
    this.outcomeUnknown = init.outcomeUnknown ?? false;
  }

  /** Decided by the status alone: 404 bodies differ between endpoints (spec "Errors"). */
  get isNotFound(): boolean {
    return this.kind === 'http' && this.status === 404;
  }

  get isServerError(): boolean {
    return this.kind === 'http' && this.status !== null && this.status >= 500;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** A plain sentence for people; codes the catalogue knows win over the upstream's free text. */
function sentenceFor(init: ApiErrorInit): string {
  if (isKnownErrorCode(init.code)) return errorMessage(init.code);
  if (init.kind === 'http' && init.status !== null && init.status >= 500) {
    const detail = init.upstreamMessage ? ` (${init.upstreamMessage})` : '';
    return `The service failed with HTTP ${init.status}${detail}.`;
  }
  if (init.upstreamMessage) return `${errorMessage(init.code)} (${init.upstreamMessage})`;
  return errorMessage(init.code);
}

/** Code used when a body names none: the status decides. */
function codeForStatus(status: number): string {
  switch (status) {
    case 400:
      return 'invalid_parameter';
    case 401:
      return 'unauthorized';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 405:
      return 'method_not_allowed';
    case 413:
      return 'payload_too_large';
    case 429:
      return 'rate_limited';
    default:
      return `http_${status}`;
  }
}

export interface ParsedErrorBody {
  code: string;
  upstreamMessage?: string;
  body: unknown;
}

/**
 * Understands the three body shapes of the spec: `{ error }`, the 500 shape `{ code, message }` and problem
 * details `{ type, title, status, detail, instance }` (whose `detail` carries the code). Anything else,
 * including an empty or non-JSON body (a proxy's HTML page), falls back to a code chosen by the status.
 */
export function parseErrorBody(status: number, text: string): ParsedErrorBody {
  let json: unknown = null;
  if (text.trim() !== '') {
    try {
      json = JSON.parse(text);
    } catch {
      return { code: codeForStatus(status), body: text };
    }
  }
  const simple = errorBody.safeParse(json);
  if (simple.success && simple.data.error.trim() !== '') return { code: simple.data.error, body: json };
  const server = serverErrorBody.safeParse(json);
  if (server.success && server.data.code.trim() !== '') {
    return { code: server.data.code, upstreamMessage: server.data.message || undefined, body: json };
  }
  if (json !== null && typeof json === 'object' && !Array.isArray(json)) {
    const problem = problemDetails.safeParse(json);
    if (problem.success && (problem.data.detail || problem.data.title || problem.data.type)) {
      const detail = problem.data.detail?.trim();
      // `detail` is a code in the reference (contract §1); a real upstream may put a sentence there, so only
      // a code-like detail becomes the code and anything else is kept as the upstream's message.
      const codeLike = detail && (isKnownErrorCode(detail) || /^[a-z][a-z0-9_]*$/.test(detail));
      return {
        code: codeLike ? detail : codeForStatus(status),
        upstreamMessage: codeLike ? (problem.data.title ?? undefined) : (detail ?? problem.data.title ?? undefined),
        body: json,
      };
    }
  }
  return { code: codeForStatus(status), body: json ?? (text === '' ? null : text) };
}

export function parseRetryAfterHeader(value: string | null, nowMs: number): number | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, at - nowMs);
}

/** Reads the body of a non-2xx response and builds the ApiError for it. */
export async function apiErrorFromResponse(
  response: Response,
  context: { method: string; pathAndQuery: string; nowMs: number; outcomeUnknown?: boolean },
): Promise<ApiError> {
  let text = '';
  try {
    text = await response.text();
  } catch {
    // The body broke off; the status is still the answer.
  }
  const parsed = parseErrorBody(response.status, text);
  return new ApiError({
    kind: 'http',
    status: response.status,
    code: parsed.code,
    body: parsed.body,
    upstreamMessage: parsed.upstreamMessage,
    method: context.method,
    pathAndQuery: context.pathAndQuery,
    retryAfterMs:
      response.status === 429 ? parseRetryAfterHeader(response.headers.get('retry-after'), context.nowMs) : undefined,
    outcomeUnknown: context.outcomeUnknown,
  });
}
