import 'server-only';
import { decodeReview, REVIEW_RESTORES } from '@/lib/contract/history';

// The proxy handler's small helpers (./handler.ts), kept apart so the handler reads as its steps.

export function isAbort(error: unknown): boolean {
  return error instanceof Error && (error.name === 'AbortError' || error.name === 'TimeoutError');
}

/** The upstream client's own timeout and refusal codes (ApiError.code), read without importing it. */
export function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string'
    ? error.code
    : undefined;
}

export function retryAfterOf(error: unknown): number | undefined {
  const ms = (error as { retryAfterMs?: unknown }).retryAfterMs;
  return typeof ms === 'number' ? ms : undefined;
}

/** For a single create answered 2xx with an id: whether that id is a record that had the code already. */
export function createdId(
  existingIds: string[] | null | undefined,
  status: number,
  bytes: Uint8Array | null,
): 'created' | 'existing' | null {
  if (!existingIds || status < 200 || status >= 300 || !bytes) return null;
  try {
    const id = (JSON.parse(new TextDecoder().decode(bytes)) as { id?: unknown }).id;
    if (typeof id !== 'number' && typeof id !== 'string') return null;
    return existingIds.includes(String(id)) ? 'existing' : 'created';
  } catch {
    return null;
  }
}

/**
 * An answer's body as a one-chunk stream. Handing Response the bytes costs about 20 µs more per answer (it copies
 * them into a byte stream), and every proxied read pays it (bench:proxy). The bytes are only read from here on.
 */
export function bodyStream(bytes: Uint8Array): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
}

/** The change record a save says it restores (the review's REVIEW_RESTORES), or null; any other shape is a marker too. */
export function restoreMarker(header: string | null): string | null {
  const review = decodeReview(header);
  if (!Object.hasOwn(review, REVIEW_RESTORES)) return null;
  const value = review[REVIEW_RESTORES];
  return typeof value === 'string' ? value : String(JSON.stringify(value));
}
