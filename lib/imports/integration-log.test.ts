import { describe, expect, it } from 'vitest';
import { readIntegrationLog, v1PathOf, type LogRead } from './integration-log';

const body = '[{"outerSysCode":"S1","productId":1,"name":"x"}]';
const answer = '{"items":[{"index":0,"status":"failed","errors":["name_too_long"]}]}';

function read(text: string): LogRead {
  const result = readIntegrationLog(text);
  if ('error' in result) throw new Error(result.error);
  return result;
}

describe('readIntegrationLog', () => {
  it('reads JSON lines of request and answer in the common shapes, keeping the bodies as sent', () => {
    const lines = [
      JSON.stringify({
        time: '2026-12-01T10:00:00Z',
        request: { method: 'post', path: '/v1/skus/batch', headers: { 'X-Client-Id': 'erp', 'X-Nonce': 'n1' }, body },
        response: { status: 200, body: answer },
      }),
      // Parsed bodies, a whole URL with a gateway prefix, other key names.
      JSON.stringify({
        req: { method: 'POST', url: 'https://gw.example/erp/v1/skus/batch?x=1', data: JSON.parse(body) },
        res: { statusCode: 200, data: JSON.parse(answer) },
      }),
      // Flat: the request's fields at the top, the answer's body beside them.
      JSON.stringify({ method: 'POST', path: '/v1/skus/batch', body, status: 200, responseBody: answer }),
    ].join('\n');
    const log = read(lines);
    expect(log.format).toBe('jsonl');
    expect(log.unreadable).toEqual([]);
    expect(log.calls).toHaveLength(3);
    const [first, second, third] = log.calls;
    expect(first).toMatchObject({
      line: 1,
      method: 'POST',
      pathAndQuery: '/v1/skus/batch',
      clientId: 'erp',
      nonce: 'n1',
      status: 200,
      requestBody: body,
      responseBody: answer,
    });
    expect(first!.at?.toISOString()).toBe('2026-12-01T10:00:00.000Z');
    expect(second).toMatchObject({ pathAndQuery: '/v1/skus/batch?x=1', status: 200, at: null });
    expect(JSON.parse(second!.requestBody!)).toEqual(JSON.parse(body));
    expect(JSON.parse(second!.responseBody!)).toEqual(JSON.parse(answer));
    expect(third).toMatchObject({ line: 3, status: 200, requestBody: body, responseBody: answer });
  });

  it('reports the lines it cannot read by number and skips what is not /v1', () => {
    const lines = [
      'not json at all',
      JSON.stringify({ method: 'GET', path: '/health' }),
      '',
      JSON.stringify({ hello: 'world' }),
      JSON.stringify({ request: { method: 'POST', path: '/v1/companies/batch', body: '[]' } }),
    ].join('\r\n');
    const log = read(lines);
    expect(log.unreadable).toEqual([1, 4]);
    expect(log.skipped).toBe(1);
    expect(log.calls).toEqual([expect.objectContaining({ line: 5, status: null, responseBody: null })]);
  });

  it('reads a HAR export: postData and the answer content, base64 too, and skips other traffic', () => {
    const har = {
      log: {
        entries: [
          {
            startedDateTime: '2026-12-01T09:00:00.000Z',
            request: {
              method: 'POST',
              url: 'http://console:3000/v1/skus/batch',
              headers: [{ name: 'x-client-id', value: 'demo-erp' }],
              postData: { mimeType: 'application/json', text: body },
            },
            response: { status: 200, content: { text: btoa(answer), encoding: 'base64' } },
          },
          { request: { method: 'GET', url: 'http://console:3000/logo.png' }, response: { status: 200 } },
          { nothing: true },
        ],
      },
    };
    const log = read(JSON.stringify(har));
    expect(log.format).toBe('har');
    expect(log.skipped).toBe(1);
    expect(log.unreadable).toEqual([3]);
    expect(log.calls).toEqual([
      expect.objectContaining({ clientId: 'demo-erp', status: 200, requestBody: body, responseBody: answer }),
    ]);
  });

  it('says when a file holds nothing it can read', () => {
    expect(readIntegrationLog('  \n')).toEqual({ error: 'log_empty' });
    expect(readIntegrationLog('a\nb')).toEqual({ error: 'log_unreadable' });
  });

  it('finds the /v1 path of a URL', () => {
    expect(v1PathOf('/v1/skus/batch')).toBe('/v1/skus/batch');
    expect(v1PathOf('https://h:1/a/v1/x?y=1')).toBe('/v1/x?y=1');
    expect(v1PathOf('/api/other')).toBeNull();
  });
});
