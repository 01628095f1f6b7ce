import { describe, expect, it } from 'vitest';
import { summariseWrite } from './audit-summary';

describe('summariseWrite', () => {
  it('counts batch outcomes and lists the ids the service answered', () => {
    const items = [
      { index: 0, status: 'created', id: 11, errors: [] },
      { index: 1, status: 'updated', id: 12, errors: [] },
      { index: 2, status: 'updated', id: 13, errors: [] },
      { index: 3, status: 'failed', id: null, errors: ['name_too_long'] },
    ];
    expect(
      summariseWrite({
        operation: 'POST /v1/products/batch',
        requestText: '[]',
        status: 200,
        responseText: JSON.stringify({ items }),
      }),
    ).toEqual({ targetIds: ['11', '12', '13'], outcome: '1 created, 2 updated, 1 failed' });
  });

  it('takes quota batch targets from the request, whose results carry no id', () => {
    const request = [{ companyId: 5, balance: 1 }, { companyCode: 'C9', balance: 2 }, { balance: 3 }];
    const items = [
      { index: 0, companyCode: '', status: 'ok', error: null },
      { index: 1, companyCode: 'C9', status: 'ok', error: null },
      { index: 2, companyCode: '', status: 'failed', error: 'missing_key' },
    ];
    expect(
      summariseWrite({
        operation: 'POST /v1/companies/point-quota/batch',
        requestText: JSON.stringify(request),
        status: 200,
        responseText: JSON.stringify({ items }),
      }),
    ).toEqual({ targetIds: ['5', 'code:C9'], outcome: '2 ok, 1 failed' });
  });

  it('tells a create from an update on single writes', () => {
    expect(
      summariseWrite({ operation: 'POST /v1/companies', requestText: '{}', status: 201, responseText: '{"id":7}' }),
    ).toEqual({ targetIds: ['7'], outcome: 'created' });
    expect(
      summariseWrite({ operation: 'PUT /v1/skus/{id}', pathId: '9', requestText: '{}', status: 200, responseText: '{"id":9}' }),
    ).toEqual({ targetIds: ['9'], outcome: 'updated' });
  });

  it('records the failure code of a refused write', () => {
    expect(
      summariseWrite({
        operation: 'PUT /v1/companies/{id}',
        pathId: '3',
        requestText: '{}',
        status: 404,
        responseText: '{"error":"company not found"}',
      }),
    ).toEqual({ targetIds: ['3'], outcome: 'failed: company not found' });
    expect(
      summariseWrite({ operation: 'POST /v1/skus', requestText: '{}', status: 500, responseText: '{"code":"E1","message":"x"}' }),
    ).toEqual({ targetIds: [], outcome: 'failed: E1' });
    expect(
      summariseWrite({ operation: 'POST /v1/skus', requestText: '{}', status: 502, responseText: '<html>' }),
    ).toEqual({ targetIds: [], outcome: 'failed' });
  });

  it('says the state is unknown when no answer came', () => {
    const summary = summariseWrite({
      operation: 'PUT /v1/products/{id}',
      pathId: '4',
      requestText: '{}',
      status: null,
      responseText: null,
      failure: 'upstream_timeout',
    });
    expect(summary.targetIds).toEqual(['4']);
    expect(summary.outcome).toMatch(/may or may not have been applied/);
  });
});
