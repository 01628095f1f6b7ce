import { describe, expect, it } from 'vitest';
import { DEFAULT_AFTER_SIGN_IN, safeReturnTo } from './return-to';

describe('safeReturnTo', () => {
  it('keeps a console path with its query', () => {
    expect(safeReturnTo('/companies?page=2&q=%E5%8F%B0')).toBe('/companies?page=2&q=%E5%8F%B0');
    expect(safeReturnTo('/products/123')).toBe('/products/123');
    expect(safeReturnTo(['/skus', '/other'])).toBe('/skus');
  });

  it.each([
    [undefined],
    [''],
    ['companies'],
    ['//evil.example/x'],
    ['/\\evil.example'],
    ['https://evil.example/'],
    ['/\t/evil.example'],
    ['javascript:alert(1)'],
    ['/sign-in?next=/companies'],
    ['/api/auth/sign-out'],
    ['/.//evil.example/x'],
    ['/./..//evil.example'],
    ['/a/..//evil.example'],
    ['/%2e//evil.example'],
  ])('falls back to the default for %j', (value) => {
    expect(safeReturnTo(value)).toBe(DEFAULT_AFTER_SIGN_IN);
  });
});
