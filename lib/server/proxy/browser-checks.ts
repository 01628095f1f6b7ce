import 'server-only';

/** The console's custom request header (shell agreement); a form or a cross-site page cannot send it. */
export const CONSOLE_REQUEST_HEADER = 'x-console-request';

/**
 * CSRF and cross-site checks, run before the session is even read.
 * - Every request must carry `X-Console-Request: 1`: a plain form, link or <script> cannot add a custom
 *   header, and a cross-origin fetch that does is stopped by the CORS preflight we never answer.
 * - `Sec-Fetch-Site`, when the browser sends it, must be `same-origin`.
 * - A write must also name the console's own Origin (browsers always send Origin on non-GET requests)
 *   and carry a JSON Content-Type, which a form cannot produce (a text/plain form POST is refused).
 * Returns true when the request may go on.
 */
export function passesBrowserChecks(request: Request, allowedOrigins: readonly string[]): boolean {
  const headers = request.headers;
  if (headers.get(CONSOLE_REQUEST_HEADER) !== '1') return false;

  const site = headers.get('sec-fetch-site');
  if (site !== null && site !== 'same-origin') return false;

  const method = request.method.toUpperCase();
  if (method === 'GET' || method === 'HEAD') return true;

  const origin = headers.get('origin');
  if (origin === null || !allowedOrigins.includes(origin)) return false;

  const contentType = headers.get('content-type');
  if (contentType === null) return false;
  const mediaType = contentType.split(';')[0]?.trim().toLowerCase();
  return mediaType === 'application/json';
}

function ownOrigin(rawUrl: string): string | null {
  try {
    return new URL(rawUrl).origin;
  } catch {
    return null;
  }
}

/**
 * The checks of every console request made by its own pages (the signing proxy and the console's own
 * endpoints): passesBrowserChecks, with the request's own origin allowed beside the configured ones.
 */
export function passesConsoleChecks(request: Request, allowedOrigins: readonly string[]): boolean {
  const self = ownOrigin(request.url);
  return passesBrowserChecks(request, self ? [...allowedOrigins, self] : allowedOrigins);
}

/**
 * A GET any link or plain client may make (a file download): it carries no console header, but a fetch
 * from another site is still refused when the browser says so.
 */
export function passesPlainGetChecks(request: Request): boolean {
  const method = request.method.toUpperCase();
  if (method !== 'GET' && method !== 'HEAD') return false;
  const site = request.headers.get('sec-fetch-site');
  return site === null || site === 'same-origin' || site === 'none';
}
