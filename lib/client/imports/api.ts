import { ApiError, NETWORK_ERROR_SENTENCE } from '../api-error';

/**
 * The browser's calls to the console's own /api/imports endpoints (same headers as the /v1 proxy calls:
 * the console request header and JSON). Used by the pages and by the import worker.
 */

export async function importsFetch<T = unknown>(path: string, init: { method?: 'GET' | 'POST' | 'PUT'; body?: unknown; signal?: AbortSignal } = {}): Promise<T> {
  const method = init.method ?? 'GET';
  // A write always carries a JSON body: the console refuses a write without that content type (CSRF check).
  const body = init.body === undefined && method !== 'GET' ? {} : init.body;
  const headers: Record<string, string> = { 'X-Console-Request': '1' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(`/api/imports${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      cache: 'no-store',
      signal: init.signal,
    });
  } catch (error) {
    if (init.signal?.aborted) throw error;
    throw new ApiError({ status: 0, code: 'network_error', kind: 'network', sentence: NETWORK_ERROR_SENTENCE });
  }
  if (response.status === 204) return undefined as T;
  const answer = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok) {
    const code = typeof answer.error === 'string' ? answer.error : 'invalid_response';
    throw new ApiError({ status: response.status, code, kind: response.status >= 500 ? 'server' : 'http', body: answer });
  }
  return answer as T;
}

/** A file download from an /api/imports endpoint (the request header rules out a plain link). */
export async function importsDownload(path: string, fallbackName: string): Promise<void> {
  const response = await fetch(`/api/imports${path}`, { headers: { 'X-Console-Request': '1' }, credentials: 'same-origin', cache: 'no-store' });
  if (!response.ok) throw new ApiError({ status: response.status, code: 'download_failed', kind: response.status >= 500 ? 'server' : 'http' });
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await response.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
