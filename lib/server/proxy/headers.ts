import 'server-only';
import { SAFE_RESPONSE_HEADERS } from './refusals';

/**
 * Response headers the browser may see from the upstream. An allowlist, so Set-Cookie, hop-by-hop
 * headers (Connection, Keep-Alive, Transfer-Encoding, Upgrade, Trailer, TE, Proxy-*) and anything
 * the upstream adds later never pass. Content-Length and Content-Encoding are dropped because the
 * body is re-sent decoded; the runtime sets its own length.
 */
const PASSED_RESPONSE_HEADERS = ['content-type', 'retry-after'] as const;

export function responseHeaders(upstream: Headers): Headers {
  const out = new Headers(SAFE_RESPONSE_HEADERS);
  for (const name of PASSED_RESPONSE_HEADERS) {
    const value = upstream.get(name);
    if (value !== null) out.set(name, value);
  }
  return out;
}

/**
 * The only browser header forwarded upstream is Content-Type: no cookie, no authorization, and no
 * browser-made X-Signature/X-Nonce/X-Client-Id/X-Timestamp (the upstream client signs on its own).
 */
export function forwardedContentType(request: Request): string | undefined {
  return request.headers.get('content-type') ?? undefined;
}
