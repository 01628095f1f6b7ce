import { describe, expect, it } from 'vitest';
import { passesBrowserChecks } from './browser-checks';

const own = 'https://console.test';
const url = `${own}/api/upstream/v1/companies`;

function req(method: string, headers: Record<string, string>) {
  return new Request(url, { method, headers, body: method === 'GET' ? undefined : '{}' });
}

const goodWrite = {
  'x-console-request': '1',
  origin: own,
  'sec-fetch-site': 'same-origin',
  'content-type': 'application/json',
};

describe('passesBrowserChecks', () => {
  it('lets a same-origin console fetch through', () => {
    expect(passesBrowserChecks(req('GET', { 'x-console-request': '1', 'sec-fetch-site': 'same-origin' }), [own])).toBe(
      true,
    );
    expect(passesBrowserChecks(req('POST', goodWrite), [own])).toBe(true);
    expect(
      passesBrowserChecks(req('PUT', { ...goodWrite, 'content-type': 'application/json; charset=utf-8' }), [own]),
    ).toBe(true);
  });

  it('refuses any request without the console header', () => {
    expect(passesBrowserChecks(req('GET', {}), [own])).toBe(false);
    expect(passesBrowserChecks(req('GET', { 'x-console-request': 'yes' }), [own])).toBe(false);
    const { 'x-console-request': _, ...noHeader } = goodWrite;
    expect(passesBrowserChecks(req('POST', noHeader), [own])).toBe(false);
  });

  it('refuses cross-site and same-site fetches', () => {
    for (const site of ['cross-site', 'same-site', 'none']) {
      expect(passesBrowserChecks(req('GET', { 'x-console-request': '1', 'sec-fetch-site': site }), [own])).toBe(false);
      expect(passesBrowserChecks(req('POST', { ...goodWrite, 'sec-fetch-site': site }), [own])).toBe(false);
    }
  });

  it('refuses a write from another origin or with no Origin at all', () => {
    expect(passesBrowserChecks(req('POST', { ...goodWrite, origin: 'https://evil.example' }), [own])).toBe(false);
    expect(passesBrowserChecks(req('POST', { ...goodWrite, origin: 'null' }), [own])).toBe(false);
    expect(passesBrowserChecks(req('POST', { ...goodWrite, origin: 'http://console.test' }), [own])).toBe(false);
    const { origin: _, ...noOrigin } = goodWrite;
    expect(passesBrowserChecks(req('PUT', noOrigin), [own])).toBe(false);
  });

  it('refuses a form-encodable write (text/plain, urlencoded, multipart, none)', () => {
    for (const ct of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      expect(passesBrowserChecks(req('POST', { ...goodWrite, 'content-type': ct }), [own]), ct).toBe(false);
    }
    const { 'content-type': _, ...noType } = goodWrite;
    expect(passesBrowserChecks(new Request(url, { method: 'POST', headers: noType }), [own])).toBe(false);
  });
});
