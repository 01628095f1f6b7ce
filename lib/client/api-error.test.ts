import { describe, expect, it } from 'vitest';
import { NO_DEFAULT_SALESPERSON } from '@/lib/contract/errors';
import { errorFromBody } from './api-error';

describe('errorFromBody', () => {
  it('maps a field code to its sentence and field', () => {
    const e = errorFromBody(400, { error: 'short_name_too_long' });
    expect(e).toMatchObject({ status: 400, code: 'short_name_too_long', field: 'shortName', sentence: 'The short name is too long.' });
  });

  it('explains the 負責業務 code under the salesperson field', () => {
    const e = errorFromBody(400, { error: NO_DEFAULT_SALESPERSON });
    expect(e.field).toBe('internalUserId');
    expect(e.sentence).toMatch(/^Choose a salesperson: this tenant has no default/);
  });

  it('reads the code from a problem-details 404', () => {
    const e = errorFromBody(404, { type: null, title: 'Not Found', status: 404, detail: 'company_not_found', instance: '/v1/companies/9/credit-quota' });
    expect(e).toMatchObject({ status: 404, code: 'company_not_found', isNotFound: true });
  });

  it('says that nothing was changed for the upstream 500 shape', () => {
    const e = errorFromBody(500, { code: 'E_DB', message: 'deadlock' });
    expect(e.kind).toBe('server');
    expect(e.sentence).toContain('Nothing was changed');
    expect(e.sentence).toContain('E_DB');
  });

  it('keeps the proxy sentence for a code the catalogue does not know', () => {
    const e = errorFromBody(403, { error: 'origin_mismatch', message: 'Request refused; nothing was sent.' });
    expect(e.sentence).toBe('Request refused; nothing was sent.');
  });

  it('falls back on the status when the body is not JSON', () => {
    expect(errorFromBody(404, undefined).code).toBe('not_found');
    expect(errorFromBody(502, undefined).kind).toBe('server');
  });
});
