import { describe, expect, it } from 'vitest';
import { familyOf, recipeSteps } from './history';

describe('recipeSteps', () => {
  it('reads a recipe change as component steps, with codes and names where known', () => {
    const from = [
      { componentSkuId: 56, quantity: 3, sort: 10 },
      { componentSkuId: 12, quantity: 1, sort: 20 },
    ];
    const to = [
      { componentSkuId: 56, quantity: 2, sort: 10 },
      { componentSkuId: 80, quantity: 20, sort: 20 },
    ];
    const labels = {
      '56': { code: 'S0056-05', name: 'Oolong 150 g' },
      '80': { code: 'S0080-01', name: null },
      '12': { code: 'S0012-01' },
    };
    expect(recipeSteps(from, to, labels)).toEqual([
      { kind: 'changed', sku: 'S0056-05 Oolong 150 g', from: 3, to: 2 },
      { kind: 'added', sku: 'S0080-01', quantity: 20 },
      { kind: 'removed', sku: 'S0012-01' },
    ]);
  });

  it('names a component by its id when nothing else is known, and is null for what is not a recipe', () => {
    expect(recipeSteps(undefined, [{ componentSkuId: 7, quantity: 1 }])).toEqual([
      { kind: 'added', sku: '#7', quantity: 1 },
    ]);
    expect(recipeSteps(1, 2)).toBeNull();
  });
});

describe('familyOf', () => {
  it('files single writes by what sent them', () => {
    expect(familyOf('PUT /v1/prices/batch')).toBe('panel');
    expect(familyOf('POST /v1/skus/stock/batch')).toBe('panel');
    expect(familyOf('PUT /v1/companies/{id}/point-quota')).toBe('quota');
    expect(familyOf('PUT /v1/internal-users/{id}')).toBe('users');
    expect(familyOf('account disable')).toBe('account');
    expect(familyOf('PUT /v1/skus/{id}')).toBe('form');
  });
});
