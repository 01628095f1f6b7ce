import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, errorFromBody, NETWORK_ERROR_SENTENCE, SERVER_ERROR_SENTENCE } from '@/lib/client/api-error';
import { zhTW } from '@/messages/zh-TW';
import { errorMessage, setBrowserErrorCatalogue } from './error-messages';
import { en } from '@/messages/en';

/** In the browser, errors made outside React (ApiError) read in the language the page was rendered in. */
describe('error sentences in the browser', () => {
  const g = globalThis as { window?: unknown };
  afterEach(() => {
    setBrowserErrorCatalogue(en);
    delete g.window;
  });

  it('stay English on the server, whatever a page asked for', () => {
    setBrowserErrorCatalogue(zhTW);
    expect(errorMessage('name_too_long')).toBe('The name is too long.');
  });

  it('follow the page language in the browser, for codes, unknown codes and failures without a code', () => {
    g.window = {};
    setBrowserErrorCatalogue(zhTW);
    expect(errorMessage('name_too_long')).toBe('名稱太長。');
    expect(errorMessage('brand_new_code')).toBe('服務回應：brand_new_code');
    expect(new ApiError({ status: 422, code: 'name_too_long', kind: 'http' }).sentence).toBe('名稱太長。');
    expect(
      new ApiError({ status: 0, code: 'network_error', kind: 'network', sentence: NETWORK_ERROR_SENTENCE }).sentence,
    ).toBe(zhTW.errorFallback.network);
    expect(
      new ApiError({ status: 500, code: 'boom', kind: 'server', sentence: `${SERVER_ERROR_SENTENCE} (boom)` }).sentence,
    ).toBe('服務發生內部錯誤。 (boom)');
  });

  it('read an error status without a code, and a code only the proxy knows, from the catalogue', () => {
    g.window = {};
    setBrowserErrorCatalogue(zhTW);
    expect(errorFromBody(418, undefined).sentence).toBe('請求失敗（HTTP 418）。');
    // The proxy's `message` is English for API clients; the page says the code in its own language.
    expect(
      errorFromBody(403, { error: 'origin_mismatch', message: 'Request refused; nothing was sent.' }).sentence,
    ).toBe('服務回應：origin_mismatch');
    setBrowserErrorCatalogue(en);
    expect(errorFromBody(418, undefined).sentence).toBe('The request failed (HTTP 418).');
  });

  it('say until when a held-back request waits in the page language, zone and time format', () => {
    g.window = {};
    vi.useFakeTimers({ now: new Date('2026-12-06T16:40:00Z'), toFake: ['Date'] });
    setBrowserErrorCatalogue({ ...zhTW, locale: 'zh-TW', timeZone: 'Asia/Taipei' });
    const zh = errorFromBody(429, { error: 'service_busy', retryAfter: 90 }).sentence;
    expect(zh).toContain('請在 00:41:30 之後再試一次。');
    setBrowserErrorCatalogue({ ...en, locale: 'en', timeZone: 'Asia/Taipei' });
    const english = errorFromBody(429, { error: 'service_busy', retryAfter: 90 }).sentence;
    expect(english).toContain('Try again after 12:41:30 AM.');
    vi.useRealTimers();
  });
});
