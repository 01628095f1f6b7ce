import 'server-only';

/**
 * One id per request, to follow it from the browser through the console's logs to `/v1`. Sent back to the
 * browser and upstream under this header. A well-formed id from the caller is kept (a load balancer that
 * assigns ids then shows the same one); anything else is replaced, so a client cannot inject log text.
 */
export const REQUEST_ID_HEADER = 'x-request-id';

const WELL_FORMED = /^[A-Za-z0-9._:-]{8,64}$/;

export function requestIdOf(request: Request | Headers): string {
  const headers = request instanceof Headers ? request : request.headers;
  const given = headers.get(REQUEST_ID_HEADER);
  return given && WELL_FORMED.test(given) ? given : crypto.randomUUID();
}
