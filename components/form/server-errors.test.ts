import { describe, expect, it } from 'vitest';
import { ApiError, errorFromBody } from '@/lib/client/api-error';
import { NO_DEFAULT_SALESPERSON } from '@/lib/contract/errors';
import { routeServerError } from './server-errors';

const companyFields = ['outerSysCode', 'name', 'shortName', 'cellPhone', 'shippingAddress', 'internalUserId'];

describe('routeServerError', () => {
  it('puts name_too_long under Name', () => {
    expect(routeServerError(errorFromBody(400, { error: 'name_too_long' }), companyFields)).toEqual({
      fieldErrors: [{ field: 'name', code: 'name_too_long' }],
      formErrors: [],
    });
  });

  it('puts the 負責業務 code under the salesperson picker', () => {
    const routed = routeServerError(errorFromBody(400, { error: NO_DEFAULT_SALESPERSON }), companyFields);
    expect(routed.fieldErrors).toEqual([{ field: 'internalUserId', code: NO_DEFAULT_SALESPERSON }]);
  });

  it('keeps a code about a field this form lacks for the form-level alert', () => {
    const routed = routeServerError(errorFromBody(400, { error: 'invalid_product_category_id' }), companyFields);
    expect(routed.fieldErrors).toEqual([]);
    expect(routed.formErrors).toEqual([expect.stringMatching(/^Choose a category/)]);
  });

  it('routes every code of a batch item', () => {
    const error = new ApiError({
      status: 200,
      code: 'name_too_long',
      codes: ['name_too_long', 'unit_too_long', 'not_found'],
      kind: 'batch_item',
    });
    const routed = routeServerError(error, ['name', 'unit']);
    expect(routed.fieldErrors.map((e) => e.field)).toEqual(['name', 'unit']);
    expect(routed.formErrors).toHaveLength(1);
  });

  it('gives a 500 or a network failure to the form as a sentence that does not claim nothing changed', () => {
    const server = routeServerError(errorFromBody(500, { code: 'X', message: 'y' }), companyFields).formErrors[0];
    expect(server).toContain('(X: y)');
    expect(server).not.toMatch(/nothing was changed/i);
    const network = new ApiError({ status: 0, code: 'network_error', kind: 'network', sentence: 'unreachable' });
    expect(routeServerError(network, companyFields)).toEqual({ fieldErrors: [], formErrors: ['unreachable'] });
  });
});
