import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from './logger';
import { requestLine, type RequestLogFields } from './request-log';

function capture() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  return { lines, logger: createLogger({ level: 'info', destination }) };
}

describe('the console logger', () => {
  it('writes one JSON line with an ISO time and the level as a word', () => {
    const { lines, logger } = capture();
    logger.info({ requestId: 'r-12345678', status: 200 }, 'request');
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(line).toMatchObject({ level: 'info', requestId: 'r-12345678', status: 200, msg: 'request' });
    expect(String(line.time)).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('never writes a password, cookie, secret, token or signature, even nested or inside an error', () => {
    const { lines, logger } = capture();
    const error = Object.assign(new Error('failed'), {
      cause: { clientSecret: 'cause-secret-value' },
      password: 'err-password-value',
    });
    logger.warn(
      {
        password: 'top-password-value',
        body: { email: 'a@example.com', password: 'nested-password-value', newPassword: 'new-password-value' },
        request: {
          headers: {
            cookie: 'session_token=cookie-value',
            'x-signature': 'c2lnbmF0dXJlLXZhbHVl',
            authorization: 'Bearer token-value',
          },
        },
        upstream: { clientSecret: 'client-secret-value', secret: 'plain-secret-value', token: 'token-value-2' },
        err: error,
      },
      'something happened',
    );
    const text = lines.join('\n');
    for (const value of [
      'top-password-value',
      'nested-password-value',
      'new-password-value',
      'cookie-value',
      'c2lnbmF0dXJlLXZhbHVl',
      'token-value',
      'client-secret-value',
      'plain-secret-value',
      'cause-secret-value',
      'err-password-value',
    ]) {
      expect(text).not.toContain(value);
    }
    // What is not secret stays readable.
    expect(text).toContain('a@example.com');
    expect(text).toContain('[redacted]');
  });
});

describe('request lines', () => {
  it('carry the named fields only, whatever else the caller passed', () => {
    const { lines, logger } = capture();
    const fields = {
      requestId: 'r-12345678',
      method: 'GET',
      route: '/api/upstream/[...path]',
      status: 200,
      durationMs: 1.234,
    };
    requestLine(logger.child({}, { redact: [] }), {
      ...fields,
      cookie: 'session_token=cookie-value',
      body: { password: 'pw-value' },
    } as RequestLogFields);
    requestLine(logger, { ...fields, status: 503, upstreamStatus: null, code: 'upstream_timeout' });
    expect(lines.map((l) => JSON.parse(l) as Record<string, unknown>)).toEqual([
      expect.objectContaining({ level: 'info', ...fields, durationMs: 1.23, msg: 'request' }),
      expect.objectContaining({ level: 'error', status: 503, upstreamStatus: null, code: 'upstream_timeout' }),
    ]);
    expect(lines[0]).not.toMatch(/cookie|password|body/);
    expect(Object.keys(JSON.parse(lines[0]!) as object).sort()).toEqual([
      'durationMs',
      'level',
      'method',
      'msg',
      'pid',
      'requestId',
      'route',
      'status',
      'time',
    ]);
  });
});
