import { describe, expect, it } from 'vitest';
import { errorField, NO_DEFAULT_SALESPERSON } from './errors';
import { charLength, isIsoWithZone, round4 } from './fields';
import { matchOperation, OPERATIONS } from './operations';
import {
  bundleWrite,
  companyWrite,
  internalUserCreateErrors,
  internalUserUpdate,
  normaliseUserStatus,
  skuWrite,
} from './resources';
import { mayCall } from './roles';

const codes = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : (result.error?.issues.map((i) => i.message) ?? []);

describe('write schemas answer with error codes', () => {
  it('accepts a company field at its limit and names the code one past it', () => {
    expect(companyWrite.safeParse({ shortName: 'x'.repeat(20) }).success).toBe(true);
    expect(codes(companyWrite.safeParse({ shortName: 'x'.repeat(21) }))).toEqual(['short_name_too_long']);
  });

  it('counts characters, not UTF-16 units, so 50 Chinese characters fit a 50-character name', () => {
    expect(charLength('台北茶行')).toBe(4);
    expect(charLength('😀')).toBe(1);
    expect(companyWrite.safeParse({ name: '茶'.repeat(50) }).success).toBe(true);
    expect(codes(companyWrite.safeParse({ name: '茶'.repeat(51) }))).toEqual(['name_too_long']);
  });

  it('reports every SKU field error in field order', () => {
    expect(codes(skuWrite.safeParse({ name: 'n'.repeat(101), unit: 'u'.repeat(51), price: -1 }))).toEqual([
      'name_too_long',
      'unit_too_long',
      'invalid_price',
    ]);
  });

  it('gives invalid_parameter for a wrong JSON type and keeps null as "not given"', () => {
    expect(codes(companyWrite.safeParse({ name: 5 }))).toEqual(['invalid_parameter']);
    expect(codes(companyWrite.safeParse({ internalUserId: '7' }))).toEqual(['invalid_parameter']);
    expect(companyWrite.safeParse({ name: null, internalUserId: null }).success).toBe(true);
  });

  it('checks quantity precision, price range and component identifiers', () => {
    expect(codes(skuWrite.safeParse({ quantityPrecision: 5 }))).toEqual(['invalid_quantity_precision']);
    expect(codes(skuWrite.safeParse({ quantityPrecision: 1.5 }))).toEqual(['invalid_quantity_precision']);
    expect(skuWrite.safeParse({ price: 9_999_999.99 }).success).toBe(true);
    expect(codes(skuWrite.safeParse({ sellPrice: 10_000_000 }))).toEqual(['invalid_price']);
    expect(codes(bundleWrite.safeParse({ components: [{ quantity: 1 }] }))).toEqual(['component_identifier_required']);
    expect(codes(bundleWrite.safeParse({ components: [{ componentSkuOuterSysCode: '  ', quantity: 1 }] }))).toEqual([
      'component_identifier_required',
    ]);
    expect(bundleWrite.safeParse({ components: [{ componentSkuOuterSysCode: 'S1', quantity: 0.5 }] }).success).toBe(
      true,
    );
  });
});

describe('internal users', () => {
  it('orders create errors as contract §3 fixes them: every *_required before any *_too_long', () => {
    expect(internalUserCreateErrors({ name: 'n'.repeat(31), email: '', password: 'short' })).toEqual([
      'account_required',
      'email_required',
      'name_too_long',
      'invalid_password',
      'invalid_role_id',
    ]);
    const valid = { account: 'a', name: 'n', email: 'e@x', password: 'longenough', roleId: 2, status: 'ACTIVE' };
    expect(internalUserCreateErrors(valid)).toEqual([]);
    expect(internalUserCreateErrors({ ...valid, status: 'gone' })).toEqual(['invalid_status']);
  });

  it('reads status case-insensitively and rejects anything else', () => {
    expect(normaliseUserStatus(' inACTIVE ')).toBe('Inactive');
    expect(normaliseUserStatus('Enabled')).toBeNull();
    expect(codes(internalUserUpdate.safeParse({ status: 'enabled' }))).toEqual(['invalid_status']);
    expect(codes(internalUserUpdate.safeParse({ password: 'x'.repeat(129) }))).toEqual(['invalid_password']);
  });
});

describe('helpers', () => {
  it('accepts updatedSince only with a zone', () => {
    expect(isIsoWithZone('2026-11-01T08:00:00Z')).toBe(true);
    expect(isIsoWithZone('2026-11-01T08:00:00.123+08:00')).toBe(true);
    expect(isIsoWithZone('2026-11-01T08:00:00')).toBe(false);
    expect(isIsoWithZone('2026-11-01')).toBe(false);
    expect(isIsoWithZone('2026-13-45T08:00:00Z')).toBe(false);
  });

  it('rounds to 4 decimals', () => {
    expect(round4(0.00005)).toBe(0.0001);
    expect(round4(0.00004)).toBe(0);
    expect(round4(1.23456)).toBe(1.2346);
    // Decimal halves round up even where the binary product falls just below (20.12345 × 1e4 = 201234.4999…).
    expect(round4(20.12345)).toBe(20.1235);
    expect(round4(-1.00005)).toBe(-1.0001);
    expect(round4(1e-7)).toBe(0);
    expect(round4(99_999_999_999_999.99)).toBe(99_999_999_999_999.99);
    expect(round4(1e21)).toBe(1e21);
  });

  it('maps codes, including the exact-sentence ones, to fields (their words: lib/i18n/error-messages.test.ts)', () => {
    expect(errorField(NO_DEFAULT_SALESPERSON)).toBe('internalUserId');
    expect(errorField('name_too_long')).toBe('name');
  });
});

describe('operations and roles', () => {
  it('matches templates with numeric ids only', () => {
    expect(matchOperation('GET', '/v1/companies/12')).toEqual({ id: 'GET /v1/companies/{id}', params: { id: '12' } });
    expect(matchOperation('POST', '/v1/companies/batch')).toEqual({ id: 'POST /v1/companies/batch', params: {} });
    expect(matchOperation('POST', '/v1/companies/point-quota/batch')).toMatchObject({
      id: 'POST /v1/companies/point-quota/batch',
    });
    // The path exists for POST only: the service answers 405, not 404.
    expect(matchOperation('GET', '/v1/companies/batch')).toBe('method');
    expect(matchOperation('DELETE', '/v1/companies/12')).toBe('method');
    expect(matchOperation('GET', '/v1/companies/../internal-users')).toBe(null);
    expect(matchOperation('GET', '/v1/customers')).toBe(null);
  });

  it('lets viewers read only, stewards write master data, and only admins read or write internal users', () => {
    for (const op of OPERATIONS) {
      // Internal users carry e-mails and accounts: admin-only data, reads included (issue 10, point 9).
      expect(mayCall('viewer', op)).toBe(op.startsWith('GET ') && !op.includes('/internal-users'));
      expect(mayCall('admin', op)).toBe(true);
    }
    expect(mayCall('steward', 'POST /v1/skus/stock/batch')).toBe(true);
    expect(mayCall('steward', 'PUT /v1/internal-users/{id}')).toBe(false);
    expect(mayCall('steward', 'GET /v1/internal-users')).toBe(false);
  });
});
