import { describe, expect, it } from 'vitest';
import { summariseWrite } from './audit-summary';

describe('summariseWrite', () => {
  it('counts batch outcomes, lists the ids the service answered and names the failed item', () => {
    const request = [{ outerSysCode: 'A' }, { id: 12 }, { outerSysCode: 'C' }, { outerSysCode: 'D' }];
    const items = [
      { index: 0, status: 'created', id: 11, errors: [] },
      { index: 1, status: 'updated', id: 12, errors: [] },
      { index: 2, status: 'updated', id: 13, errors: [] },
      { index: 3, status: 'failed', id: null, errors: ['name_too_long'] },
    ];
    expect(
      summariseWrite({
        operation: 'POST /v1/products/batch',
        requestText: JSON.stringify(request),
        status: 200,
        responseText: JSON.stringify({ items }),
      }),
    ).toEqual({
      targetIds: ['11', '12', '13', 'code:D'],
      result: 'applied',
      outcome: '1 created, 2 updated, 1 failed',
      failedIds: ['code:D'],
      unknownIds: [],
    });
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
    ).toMatchObject({ targetIds: ['5', 'code:C9'], result: 'applied', outcome: '2 ok, 1 failed' });
  });

  it('calls a batch whose every item failed refused, and names them', () => {
    const request = [
      { skuId: 7, inventoryQty: -1 },
      { skuId: 8, inventoryQty: -2 },
    ];
    const items = request.map((r, index) => ({
      index,
      status: 'failed',
      id: r.skuId,
      errors: ['invalid_inventory_qty'],
    }));
    expect(
      summariseWrite({
        operation: 'POST /v1/skus/stock/batch',
        requestText: JSON.stringify(request),
        status: 200,
        responseText: JSON.stringify({ items }),
      }),
    ).toMatchObject({ result: 'refused', failedIds: ['7', '8'], unknownIds: [] });
  });

  it('tells a create from an upsert by the returned id, whatever the status says', () => {
    const create = (status: number, existingIds: string[]) =>
      summariseWrite({
        operation: 'POST /v1/companies',
        requestText: '{"outerSysCode":"X"}',
        status,
        responseText: '{"id":7}',
        existingIds,
      });
    // An upstream that answers 200 to a create and 201 to an upsert.
    expect(create(200, [])).toMatchObject({ targetIds: ['7'], result: 'applied', outcome: 'created' });
    expect(create(201, ['7'])).toMatchObject({
      targetIds: ['7'],
      result: 'applied',
      outcome: 'updated an existing record with the same ERP code',
    });
    // An update answered 201 is still an update.
    expect(
      summariseWrite({
        operation: 'PUT /v1/skus/{id}',
        pathId: '9',
        requestText: '{}',
        status: 201,
        responseText: '{"id":9}',
      }),
    ).toMatchObject({ targetIds: ['9'], result: 'applied', outcome: 'updated' });
  });

  it('records a 4xx as refused, with one code for every 404 shape', () => {
    expect(
      summariseWrite({
        operation: 'PUT /v1/companies/{id}',
        pathId: '3',
        requestText: '{}',
        status: 404,
        responseText: '{"error":"company not found"}',
      }),
    ).toMatchObject({ targetIds: ['3'], result: 'refused', outcome: 'refused: not_found' });
    expect(
      summariseWrite({
        operation: 'PUT /v1/skus/{id}',
        pathId: '3',
        requestText: '{}',
        status: 404,
        responseText: '{"detail":"x","status":404}',
      }),
    ).toMatchObject({ result: 'refused', outcome: 'refused: not_found' });
    expect(
      summariseWrite({
        operation: 'POST /v1/skus',
        requestText: '{}',
        status: 400,
        responseText: '{"error":"name_too_long"}',
      }),
    ).toMatchObject({ result: 'refused', outcome: 'refused: name_too_long' });
  });

  it('records a 5xx, no answer, and an unreadable 2xx as unknown, naming every item a batch sent', () => {
    expect(
      summariseWrite({
        operation: 'PUT /v1/companies/{id}',
        pathId: '4',
        requestText: '{}',
        status: 500,
        responseText: '{"code":"E1","message":"x"}',
      }),
    ).toEqual({ targetIds: ['4'], result: 'unknown', outcome: 'unknown: E1', failedIds: [], unknownIds: ['4'] });
    expect(
      summariseWrite({ operation: 'POST /v1/skus', requestText: '{}', status: 502, responseText: '<html>' }),
    ).toMatchObject({ targetIds: [], result: 'unknown', outcome: 'unknown: HTTP 502' });
    expect(
      summariseWrite({
        operation: 'PUT /v1/products/{id}',
        pathId: '4',
        requestText: '{}',
        status: null,
        responseText: null,
        failure: 'upstream_timeout',
      }),
    ).toMatchObject({ targetIds: ['4'], result: 'unknown', unknownIds: ['4'] });
    expect(
      summariseWrite({
        operation: 'PUT /v1/products/{id}',
        pathId: '4',
        requestText: '{}',
        status: 200,
        responseText: '<html>',
      }),
    ).toMatchObject({ result: 'unknown', outcome: 'unknown: unreadable answer' });
    const request = JSON.stringify([
      { skuId: 1, price: 1 },
      { skuId: 2, price: 2 },
    ]);
    expect(
      summariseWrite({ operation: 'PUT /v1/prices/batch', requestText: request, status: 503, responseText: null }),
    ).toMatchObject({ result: 'unknown', targetIds: ['1', '2'], unknownIds: ['1', '2'], failedIds: [] });
  });

  it('names batch items the answer left out as unknown', () => {
    const request = JSON.stringify([
      { skuId: 1, inventoryQty: 1 },
      { skuId: 2, inventoryQty: 2 },
    ]);
    const response = JSON.stringify({ items: [{ index: 0, status: 'updated', id: 1, errors: [] }] });
    expect(
      summariseWrite({
        operation: 'POST /v1/skus/stock/batch',
        requestText: request,
        status: 200,
        responseText: response,
      }),
    ).toMatchObject({
      result: 'applied',
      targetIds: ['1', '2'],
      unknownIds: ['2'],
      outcome: '1 updated, 1 unanswered',
    });
  });
});
