import { describe, expect, it } from 'vitest';
import { NO_DEFAULT_SALESPERSON } from '@/lib/contract/errors';
import { ApiError, errorFromBody, failedWriteOutcome } from './api-error';

describe('errorFromBody', () => {
  it('maps a field code to its sentence and field', () => {
    const e = errorFromBody(400, { error: 'short_name_too_long' });
    expect(e).toMatchObject({
      status: 400,
      code: 'short_name_too_long',
      field: 'shortName',
      sentence: 'The short name is too long.',
    });
  });

  it('explains the 負責業務 code under the salesperson field', () => {
    const e = errorFromBody(400, { error: NO_DEFAULT_SALESPERSON });
    expect(e.field).toBe('internalUserId');
    expect(e.sentence).toMatch(/^Choose a salesperson: this tenant has no default/);
  });

  it("says the same about a 404 whichever of the spec's body shapes came back", () => {
    const shapes = [
      { error: 'not_found' },
      { error: 'company not found' },
      { error: 'sku not found' },
      {
        type: null,
        title: 'Not Found',
        status: 404,
        detail: 'company_not_found',
        instance: '/v1/companies/9/credit-quota',
      },
      { type: null, title: 'Not Found', status: 404, detail: 'not_found', instance: '/v1/companies/9' },
      undefined,
    ];
    const errors = shapes.map((body) => errorFromBody(404, body));
    for (const e of errors) {
      expect(e).toMatchObject({ status: 404, code: 'not_found', isNotFound: true, codes: ['not_found'] });
      expect(e.sentence).toBe(errors[0]!.sentence);
    }
  });

  it('does not claim that nothing changed for the upstream 500 shape', () => {
    const e = errorFromBody(500, { code: 'E_DB', message: 'deadlock' });
    expect(e.kind).toBe('server');
    expect(e.sentence).not.toMatch(/nothing was changed/i);
    expect(e.sentence).toContain('E_DB');
  });

  it("says a code the catalogue does not know by its code, from the catalogue (not the body's English message)", () => {
    const e = errorFromBody(403, { error: 'origin_mismatch', message: 'Request refused; nothing was sent.' });
    expect(e.sentence).toBe('The service answered: origin_mismatch');
  });

  it('falls back on the status when the body is not JSON', () => {
    expect(errorFromBody(404, undefined).code).toBe('not_found');
    expect(errorFromBody(502, undefined).kind).toBe('server');
  });
});

describe('failedWriteOutcome', () => {
  it('calls a 4xx, a failed batch item and an offline refusal refused', () => {
    expect(failedWriteOutcome(errorFromBody(400, { error: 'name_too_long' }))).toBe('refused');
    expect(failedWriteOutcome(errorFromBody(404, { error: 'company not found' }))).toBe('refused');
    expect(failedWriteOutcome(errorFromBody(403, { error: 'forbidden', message: 'x' }))).toBe('refused');
    expect(failedWriteOutcome(new ApiError({ status: 200, code: 'invalid_price', kind: 'batch_item' }))).toBe(
      'refused',
    );
    expect(failedWriteOutcome(new ApiError({ status: 0, code: 'offline', kind: 'offline' }))).toBe('refused');
    // The proxy's own refusal before sending a create whose ERP code it could not check.
    expect(failedWriteOutcome(errorFromBody(503, { error: 'code_check_failed', message: 'x' }))).toBe('refused');
  });

  it('calls a 5xx, a lost connection and an unreadable 2xx unknown', () => {
    expect(failedWriteOutcome(errorFromBody(500, { code: 'E', message: 'm' }))).toBe('unknown');
    expect(failedWriteOutcome(errorFromBody(502, { error: 'upstream_unreachable', message: 'x' }))).toBe('unknown');
    expect(failedWriteOutcome(errorFromBody(504, { error: 'upstream_timeout', message: 'x' }))).toBe('unknown');
    expect(failedWriteOutcome(new ApiError({ status: 0, code: 'network_error', kind: 'network' }))).toBe('unknown');
    expect(failedWriteOutcome(new ApiError({ status: 200, code: 'invalid_response', kind: 'invalid_response' }))).toBe(
      'unknown',
    );
    expect(failedWriteOutcome(new Error('anything else'))).toBe('unknown');
  });
});
