/**
 * Operation ids (contract.md §2): the method and the path template as the reference writes them.
 * The service's credential permissions, the console's proxy allowlist and its role table all key on these.
 */
export const OPERATIONS = [
  'GET /v1/companies',
  'GET /v1/companies/{id}',
  'POST /v1/companies',
  'PUT /v1/companies/{id}',
  'POST /v1/companies/batch',
  'GET /v1/companies/{id}/credit-quota',
  'GET /v1/companies/{id}/point-quota',
  'POST /v1/companies/point-quota/batch',
  'POST /v1/companies/credit-quota/batch',
  'GET /v1/product-categories',
  'GET /v1/products',
  'GET /v1/products/{id}',
  'POST /v1/products',
  'PUT /v1/products/{id}',
  'POST /v1/products/batch',
  'GET /v1/skus',
  'GET /v1/skus/{id}',
  'POST /v1/skus',
  'PUT /v1/skus/{id}',
  'POST /v1/skus/batch',
  'GET /v1/skus/{id}/stock',
  'POST /v1/skus/stock/batch',
  'GET /v1/skus/{id}/price',
  'PUT /v1/prices/batch',
  'GET /v1/bundles',
  'GET /v1/bundles/{id}',
  'POST /v1/bundles',
  'PUT /v1/bundles/{id}',
  'POST /v1/bundles/batch',
  'GET /v1/bundles/{id}/prices',
  'PUT /v1/bundle-prices/batch',
  'GET /v1/internal-users',
  'POST /v1/internal-users',
  'PUT /v1/internal-users/{id}',
] as const;

export type OperationId = (typeof OPERATIONS)[number];

const ID_SEGMENT = /^[1-9][0-9]{0,18}$/;

interface CompiledOperation {
  id: OperationId;
  method: string;
  segments: string[];
}

const COMPILED: CompiledOperation[] = OPERATIONS.map((id) => {
  const [method, path] = id.split(' ') as [string, string];
  return { id, method, segments: path.split('/').slice(1) };
});

export interface MatchedOperation {
  id: OperationId;
  params: { id?: string };
}

/**
 * Finds the operation for a method and a decoded-free path (no query). `{id}` matches a positive decimal
 * id only, so `/v1/companies/batch` can never be read as a company id. Returns null for anything else,
 * and `'method'` when the path exists under another method.
 */
export function matchOperation(method: string, path: string): MatchedOperation | 'method' | null {
  const segments = path.split('/').slice(1);
  let pathMatched = false;
  for (const op of COMPILED) {
    if (op.segments.length !== segments.length) continue;
    const params: { id?: string } = {};
    const ok = op.segments.every((seg, i) => {
      const actual = segments[i] as string;
      if (seg === '{id}') {
        if (!ID_SEGMENT.test(actual)) return false;
        params.id = actual;
        return true;
      }
      return seg === actual;
    });
    if (!ok) continue;
    if (op.method === method.toUpperCase()) return { id: op.id, params };
    pathMatched = true;
  }
  return pathMatched ? 'method' : null;
}

export function isWrite(operation: OperationId): boolean {
  return !operation.startsWith('GET ');
}
