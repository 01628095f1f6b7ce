import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Env } from './env';

/** An error answer for the whole request: `{ error }` with a status. Thrown by helpers, rendered by app.onError. */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
  ) {
    super(code);
    this.name = 'ApiError';
  }
}

/** A request-level answer with another body shape (problem details). */
export class ApiResponseError extends Error {
  constructor(readonly response: Response) {
    super(`HTTP ${response.status}`);
    this.name = 'ApiResponseError';
  }
}

/**
 * One record's write failed validation or a rule: the codes in report order. `notFound` marks a missing or
 * foreign target, which single endpoints answer with 404 instead of 400.
 */
export class ItemError extends Error {
  constructor(
    readonly errors: string[],
    readonly notFound = false,
  ) {
    super(errors.join(', '));
    this.name = 'ItemError';
  }
}

export function errorJson(status: ContentfulStatusCode, code: string): Response {
  return Response.json({ error: code }, { status });
}

/**
 * The problem-details 404 of GET /v1/companies/{id}, the quota reads and GET /v1/bundles/{id}/prices
 * (contract §1): `detail` carries the code, `instance` the request path.
 */
export function problemNotFound(c: Context<Env>, detail: 'not_found' | 'company_not_found'): Response {
  return new Response(
    JSON.stringify({
      type: 'https://tools.ietf.org/html/rfc9110#section-15.5.5',
      title: 'Not Found',
      status: 404,
      detail,
      instance: c.get('path'),
    }),
    { status: 404, headers: { 'content-type': 'application/problem+json' } },
  );
}
