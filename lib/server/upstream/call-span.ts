import 'server-only';
import { matchOperation } from '@/lib/contract/operations';
import { failSpanWith, REQUEST_ID_ATTRIBUTE, SpanKind, withSpan } from '../telemetry';

/**
 * The /v1 operation a call is, as the contract names it (`GET /v1/skus/{id}`): a path no operation matches keeps
 * its own words with numeric segments as `{id}`, so a metric's label or a span's name never carries a record's id.
 */
export function operationOf(method: string, pathAndQuery: string): string {
  const q = pathAndQuery.indexOf('?');
  const path = q < 0 ? pathAndQuery : pathAndQuery.slice(0, q);
  const matched = matchOperation(method, path);
  if (matched && matched !== 'method') return matched.id;
  return `${method.toUpperCase()} ${path.replace(/\/\d+(?=\/|$)/g, '/{id}')}`;
}

/**
 * One signed attempt as an OpenTelemetry client span named by its operation, with the answer's status (4xx and 5xx
 * mark it failed, as the HTTP conventions say for a client) and the request id. The span is active while the
 * request is built, so the `traceparent` sent upstream names it (signed-fetch.ts).
 */
export function inCallSpan(
  input: { method: string; pathAndQuery: string; requestId?: string },
  send: () => Promise<Response>,
): Promise<Response> {
  const operation = operationOf(input.method, input.pathAndQuery);
  return withSpan(
    operation,
    async (span) => {
      const response = await send();
      span.setAttribute('http.response.status_code', response.status);
      if (response.status >= 400) failSpanWith(span, String(response.status));
      return response;
    },
    {
      kind: SpanKind.CLIENT,
      attributes: {
        'http.request.method': input.method.toUpperCase(),
        'url.template': operation.slice(operation.indexOf(' ') + 1),
        'console.operation': operation,
        ...(input.requestId ? { [REQUEST_ID_ATTRIBUTE]: input.requestId } : {}),
      },
    },
  );
}
