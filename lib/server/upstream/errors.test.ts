import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, parseErrorBody, parseRetryAfterHeader } from './errors';
import { clientFor, startTestUpstream, type ScriptedReply, type TestUpstream } from './testing/test-server';

describe('parseErrorBody', () => {
  it('reads { error } as the code', () => {
    expect(parseErrorBody(400, '{"error":"name_too_long"}')).toEqual({
      code: 'name_too_long',
      body: { error: 'name_too_long' },
    });
  });

  it('reads the 500 shape { code, message }, keeping the message as the upstream text', () => {
    expect(parseErrorBody(500, '{"code":"db_down","message":"connection refused"}')).toMatchObject({
      code: 'db_down',
      upstreamMessage: 'connection refused',
    });
  });

  it('reads the code from a problem-details detail', () => {
    const body = {
      type: 'about:blank',
      title: 'Not Found',
      status: 404,
      detail: 'company_not_found',
      instance: '/v1/companies/9/credit-quota',
    };
    expect(parseErrorBody(404, JSON.stringify(body))).toEqual({
      code: 'company_not_found',
      upstreamMessage: 'Not Found',
      body,
    });
  });

  it('keeps a sentence in detail as text and falls back to the status for the code', () => {
    const parsed = parseErrorBody(404, JSON.stringify({ title: 'Not Found', detail: 'No customer with id 9.' }));
    expect(parsed.code).toBe('not_found');
    expect(parsed.upstreamMessage).toBe('No customer with id 9.');
  });

  it('falls back to a status code for HTML, empty and unrelated JSON bodies', () => {
    expect(parseErrorBody(502, '<html>Bad gateway</html>')).toEqual({
      code: 'http_502',
      body: '<html>Bad gateway</html>',
    });
    expect(parseErrorBody(401, '')).toEqual({ code: 'unauthorized', body: null });
    expect(parseErrorBody(429, '[1,2]').code).toBe('rate_limited');
  });
});

describe('parseRetryAfterHeader', () => {
  it('reads seconds and HTTP dates', () => {
    const now = Date.parse('2026-11-22T12:00:00Z');
    expect(parseRetryAfterHeader('3', now)).toBe(3000);
    expect(parseRetryAfterHeader('Sun, 22 Nov 2026 12:00:05 GMT', now)).toBe(5000);
    expect(parseRetryAfterHeader('soon', now)).toBeUndefined();
    expect(parseRetryAfterHeader(null, now)).toBeUndefined();
  });
});

describe('ApiError from real responses', () => {
  let upstream: TestUpstream;
  let reply: ScriptedReply;
  beforeAll(async () => {
    upstream = await startTestUpstream({ script: () => reply });
  });
  afterAll(() => upstream.close());

  async function failure(next: ScriptedReply, call: (c: ReturnType<typeof clientFor>['client']) => Promise<unknown>) {
    reply = next;
    const { client } = clientFor(upstream, { retry: { attempts: 1 } });
    const error = await call(client).then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }

  it('carries status, code, a plain sentence and the raw body for { error }', async () => {
    const error = await failure({ status: 400, json: { error: 'short_name_too_long' } }, (c) => c.read('company', 1));
    expect(error).toMatchObject({
      kind: 'http',
      status: 400,
      code: 'short_name_too_long',
      body: { error: 'short_name_too_long' },
    });
    expect(error.message).toBe('The short name is too long.');
    expect(error.isNotFound).toBe(false);
  });

  it('says what happened for a 500 { code, message }', async () => {
    const error = await failure({ status: 500, json: { code: 'internal', message: 'deadlock detected' } }, (c) =>
      c.read('company', 1),
    );
    expect(error).toMatchObject({
      status: 500,
      code: 'internal',
      upstreamMessage: 'deadlock detected',
      isServerError: true,
    });
    expect(error.message).toBe('The service failed with HTTP 500 (deadlock detected).');
  });

  it.each<[string, ScriptedReply]>([
    ['the literal code', { status: 404, json: { error: 'not_found' } }],
    ['a resource sentence', { status: 404, json: { error: 'company not found' } }],
    [
      'problem details',
      {
        status: 404,
        json: { type: null, title: 'Not Found', status: 404, detail: 'not_found', instance: '/v1/companies/7' },
      },
    ],
    ['an empty body', { status: 404, text: '' }],
    ['an HTML page', { status: 404, text: '<h1>Not here</h1>', headers: { 'Content-Type': 'text/html' } }],
    ['an unknown code', { status: 404, json: { error: 'gone_fishing' } }],
  ])('decides not-found by the 404 status alone, whatever the body (%s)', async (_, next) => {
    const error = await failure(next, (c) => c.read('company', 7));
    expect(error.isNotFound).toBe(true);
    expect(error.status).toBe(404);
  });

  it('does not call a 400 not-found because its code says so', async () => {
    const error = await failure({ status: 400, json: { error: 'not_found' } }, (c) => c.read('company', 7));
    expect(error.isNotFound).toBe(false);
  });

  it('reports a 2xx body that does not match the documented shape as invalid_response', async () => {
    const error = await failure({ status: 200, json: { id: 'seven' } }, (c) => c.read('company', 7));
    expect(error).toMatchObject({ kind: 'invalid_response', status: 200, code: 'invalid_response' });
  });
});
