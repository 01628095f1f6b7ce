import { describe, expect, it } from 'vitest';
import { safeReturnPath, withReturnTo } from './return-to';

describe('return-to', () => {
  it('carries the findings page into a fix link, keeping the link’s own query', () => {
    expect(withReturnTo('/skus/7/edit', '/attention/sku-barcode-check?state=open&page=2')).toBe(
      '/skus/7/edit?back=%2Fattention%2Fsku-barcode-check%3Fstate%3Dopen%26page%3D2',
    );
    expect(withReturnTo('/quotas?company=3', '/attention/quota-over-limit')).toBe(
      '/quotas?company=3&back=%2Fattention%2Fquota-over-limit',
    );
  });

  it('follows only a path on this console', () => {
    expect(safeReturnPath('/attention/x?page=2')).toBe('/attention/x?page=2');
    for (const bad of ['//evil.example/x', 'https://evil.example', 'javascript:alert(1)', '/\\evil', '', null])
      expect(safeReturnPath(bad)).toBeNull();
  });
});
