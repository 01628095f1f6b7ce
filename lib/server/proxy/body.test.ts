import { describe, expect, it } from 'vitest';
import { readAnswer, readLimitedBody } from './body';

function streamOf(chunks: Uint8Array[], onPull?: () => void) {
  let i = 0;
  return new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        onPull?.();
        const next = chunks[i++];
        if (next) controller.enqueue(next);
        else controller.close();
      },
    },
    { highWaterMark: 0 },
  );
}

function streamed(chunks: Uint8Array[], onPull?: () => void) {
  return new Request('http://x/', { method: 'POST', body: streamOf(chunks, onPull), duplex: 'half' } as RequestInit);
}

describe('readLimitedBody', () => {
  it('returns the exact bytes at or under the limit', async () => {
    const bytes = new TextEncoder().encode('[{"name":"茶"}]');
    const read = await readLimitedBody(new Request('http://x/', { method: 'POST', body: bytes }), bytes.length);
    expect(read).toEqual({ ok: true, bytes });
  });

  it('refuses a declared Content-Length over the limit without reading the body', async () => {
    let pulled = 0;
    const request = new Request('http://x/', {
      method: 'POST',
      headers: { 'content-length': '11' },
      body: streamOf([new Uint8Array(11)], () => pulled++),
      duplex: 'half',
    } as RequestInit);
    expect(await readLimitedBody(request, 10)).toEqual({ ok: false });
    expect(pulled).toBe(0);
  });

  it('stops reading a chunked body as soon as it passes the limit', async () => {
    let pulled = 0;
    const chunk = new Uint8Array(4);
    const read = await readLimitedBody(
      streamed([chunk, chunk, chunk, chunk, chunk], () => pulled++),
      9,
    );
    expect(read).toEqual({ ok: false });
    expect(pulled).toBeLessThanOrEqual(4);
  });

  it('treats no body and an empty body as no body', async () => {
    expect(await readLimitedBody(new Request('http://x/', { method: 'POST' }), 10)).toEqual({ ok: true, bytes: null });
    expect(await readLimitedBody(streamed([]), 10)).toEqual({ ok: true, bytes: null });
  });
});

describe('readAnswer', () => {
  it('joins an answer that came in several chunks, in order', async () => {
    const encode = (text: string) => new TextEncoder().encode(text);
    const bytes = await readAnswer(
      new Response(streamOf([encode('{"data":'), encode('[{"name":"茶'), encode('"}]}')])),
    );
    expect(new TextDecoder().decode(bytes)).toBe('{"data":[{"name":"茶"}]}');
  });

  it('reads an empty or missing body as no bytes', async () => {
    expect((await readAnswer(new Response(null, { status: 204 }))).byteLength).toBe(0);
    expect((await readAnswer(new Response(streamOf([])))).byteLength).toBe(0);
  });

  it('rejects when the body breaks off, so the proxy answers 502 instead of passing on half an answer', async () => {
    let sent = false;
    const broken = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (!sent) {
          sent = true;
          controller.enqueue(new TextEncoder().encode('{"data":['));
        } else controller.error(new TypeError('terminated'));
      },
    });
    await expect(readAnswer(new Response(broken))).rejects.toThrow('terminated');
  });
});
