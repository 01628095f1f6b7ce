import { describe, expect, it } from 'vitest';
import { responseHeaders } from './headers';

describe('responseHeaders', () => {
  it('passes content type and Retry-After, and nothing hop-by-hop or cookie-like', () => {
    const upstream = new Headers({
      'content-type': 'application/json; charset=utf-8',
      'retry-after': '2',
      'set-cookie': 'sid=abc',
      connection: 'keep-alive',
      'keep-alive': 'timeout=5',
      'transfer-encoding': 'chunked',
      'content-encoding': 'gzip',
      'content-length': '99',
      upgrade: 'h2c',
      'proxy-authenticate': 'Basic',
      'x-powered-by': 'upstream',
    });
    const out = responseHeaders(upstream);
    expect(Object.fromEntries(out)).toEqual({
      'content-type': 'application/json; charset=utf-8',
      'retry-after': '2',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    });
  });
});
