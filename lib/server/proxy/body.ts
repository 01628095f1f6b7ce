import 'server-only';

export type BodyRead = { ok: true; bytes: Uint8Array | null } | { ok: false };

/**
 * Reads the request body whole, refusing it as soon as it passes `limit` bytes: a declared
 * Content-Length over the limit is refused before a byte is read, and an undeclared (chunked) body is
 * counted as it streams, so an oversize body is never buffered in full nor forwarded cut short.
 */
export async function readLimitedBody(request: Request, limit: number): Promise<BodyRead> {
  const declared = request.headers.get('content-length');
  if (declared !== null && /^\d+$/.test(declared) && Number(declared) > limit) return { ok: false };
  if (!request.body) return { ok: true, bytes: null };

  const read = await readChunks(request.body, limit);
  if (!read) return { ok: false };
  return read.total === 0 ? { ok: true, bytes: null } : { ok: true, bytes: joined(read.chunks, read.total) };
}

/**
 * An upstream answer's body, whole. Read chunk by chunk instead of through arrayBuffer(), which takes about twice
 * as long and as many promises for a list page (bench:proxy), and a body that came in one chunk is kept as it is.
 * Rejects when the stream fails, as arrayBuffer() would (a timeout or a connection lost mid-body).
 */
export async function readAnswer(response: Response): Promise<Uint8Array<ArrayBuffer>> {
  if (!response.body) return new Uint8Array(0);
  // No limit: never null.
  const { chunks, total } = (await readChunks(response.body, Infinity))!;
  return joined(chunks, total);
}

/** A stream's chunks and their total size; null, the stream cancelled, as soon as the total passes `limit`. */
async function readChunks(
  body: ReadableStream<Uint8Array>,
  limit: number,
): Promise<{ chunks: Uint8Array<ArrayBuffer>[]; total: number } | null> {
  const reader = body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return { chunks, total };
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value as Uint8Array<ArrayBuffer>);
  }
}

/** A body's chunks as one array; one that came in one chunk is kept as it is. */
function joined(chunks: Uint8Array<ArrayBuffer>[], total: number): Uint8Array<ArrayBuffer> {
  if (chunks.length === 1) return chunks[0]!;
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
