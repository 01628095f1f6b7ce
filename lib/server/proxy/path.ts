import 'server-only';
import { matchOperation, type OperationId } from '@/lib/contract/operations';
import { buildQuery } from '@/lib/signing';

export const PROXY_PREFIX = '/api/upstream';

export type ProxyTarget =
  | {
      ok: true;
      operation: OperationId;
      /** Rebuilt from the matched template, so it only ever holds `[a-z0-9-]` segments. */
      path: string;
      /** The query (`?…` or '') in the browser fetcher's strict encoding; see canonicalQuery. */
      query: string;
      params: { id?: string };
    }
  | { ok: false; code: 'bad_path' | 'operation_not_allowed' };

/**
 * Splits an absolute URL string into its raw path and query without a URL parser, so nothing is
 * normalised on the way (a parser would resolve `..` and `%2e%2e` before we could look at them).
 */
function rawPathAndQuery(url: string): { path: string; query: string } | null {
  const schemeEnd = url.indexOf('://');
  if (schemeEnd < 0) return null;
  const pathStart = url.indexOf('/', schemeEnd + 3);
  if (pathStart < 0) return null;
  const hash = url.indexOf('#', pathStart);
  const end = hash < 0 ? url.length : hash;
  const q = url.indexOf('?', pathStart);
  if (q >= 0 && q < end) return { path: url.slice(pathStart, q), query: url.slice(q, end) };
  return { path: url.slice(pathStart, end), query: '' };
}

/**
 * Next re-serialises the query as application/x-www-form-urlencoded before a route handler sees it
 * (`%20` becomes `+`, `~` becomes `%7E`), so the bytes the browser sent are not available as such.
 * The browser fetcher builds every query with buildQuery (strict RFC 3986); decoding the pairs and
 * re-encoding them with the same function gives back exactly the bytes it sent, in its order, whatever
 * Next did in between. What we send is what we sign, so the signature always covers the real bytes.
 */
export function canonicalQuery(rawQuery: string): string {
  if (rawQuery === '' || rawQuery === '?') return '';
  return buildQuery(new URLSearchParams(rawQuery.slice(1)));
}

function dangerousSegment(raw: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return true; // broken percent-encoding
  }
  return decoded === '' || decoded === '.' || decoded === '..' || /[/\\]/.test(decoded);
}

/**
 * Decides which /v1 operation a browser request names, from the RAW request URL.
 * A path whose segments, after one decode, are empty, `.`/`..`, or hide a `/` or `\` is 400 `bad_path`;
 * a well-formed path that is not an allowlisted operation (including any still-encoded segment, so a
 * double-encoded `..` can never match) is 404 `operation_not_allowed`.
 * The upstream path is rebuilt from the matched template, never copied from the browser.
 */
export function resolveTarget(method: string, rawUrl: string): ProxyTarget {
  const parts = rawPathAndQuery(rawUrl);
  if (!parts) return { ok: false, code: 'bad_path' };
  const { path, query } = parts;
  if (!path.startsWith(`${PROXY_PREFIX}/`)) return { ok: false, code: 'bad_path' };
  const segments = path.slice(PROXY_PREFIX.length + 1).split('/');
  if (segments.some(dangerousSegment)) return { ok: false, code: 'bad_path' };
  if (segments[0] !== 'v1') return { ok: false, code: 'operation_not_allowed' };

  const matched = matchOperation(method, `/${segments.join('/')}`);
  if (matched === null || matched === 'method') return { ok: false, code: 'operation_not_allowed' };

  const template = matched.id.slice(matched.id.indexOf(' ') + 1);
  const rebuilt = matched.params.id === undefined ? template : template.replace('{id}', matched.params.id);
  return { ok: true, operation: matched.id, path: rebuilt, query: canonicalQuery(query), params: matched.params };
}
