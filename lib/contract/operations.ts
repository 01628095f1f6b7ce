/** Each resource's operations, named here so browser code can reach them without any schema (zod). */

/** The five operations of a record resource under its path: list, read, create-or-update, update, batch. */
function recordOperations<P extends string>(path: P) {
  return {
    list: `GET ${path}`,
    read: `GET ${path}/{id}`,
    create: `POST ${path}`,
    update: `PUT ${path}/{id}`,
    batch: `POST ${path}/batch`,
  } as const;
}

/** A company's quota of one family: its read and its batch. */
function quotaOperations<F extends 'credit' | 'point'>(family: F) {
  return {
    read: `GET /v1/companies/{id}/${family}-quota`,
    batch: `POST /v1/companies/${family}-quota/batch`,
  } as const;
}

export const BUNDLE_PRICE_OPERATIONS = {
  read: 'GET /v1/bundles/{id}/prices',
  batch: 'PUT /v1/bundle-prices/batch',
} as const;

export const BUNDLE_OPERATIONS = recordOperations('/v1/bundles');

export const COMPANY_OPERATIONS = recordOperations('/v1/companies');

export const CREDIT_QUOTA_OPERATIONS = quotaOperations('credit');

export const INTERNAL_USER_OPERATIONS = {
  list: 'GET /v1/internal-users',
  create: 'POST /v1/internal-users',
  update: 'PUT /v1/internal-users/{id}',
} as const;

export const POINT_QUOTA_OPERATIONS = quotaOperations('point');

export const PRICE_OPERATIONS = {
  read: 'GET /v1/skus/{id}/price',
  batch: 'PUT /v1/prices/batch',
} as const;

export const PRODUCT_CATEGORY_OPERATIONS = { list: 'GET /v1/product-categories' } as const;

export const PRODUCT_OPERATIONS = recordOperations('/v1/products');

export const SKU_OPERATIONS = recordOperations('/v1/skus');

export const STOCK_OPERATIONS = {
  read: 'GET /v1/skus/{id}/stock',
  batch: 'POST /v1/skus/stock/batch',
} as const;

/**
 * Operation ids (contract.md §2): the method and the path template as the reference writes them.
 * Each resource module names its own; this is all of them, in the reference's order.
 * The service's credential permissions, the console's proxy allowlist and its role table all key on these.
 */
export const OPERATIONS = [
  ...Object.values(COMPANY_OPERATIONS),
  CREDIT_QUOTA_OPERATIONS.read,
  POINT_QUOTA_OPERATIONS.read,
  POINT_QUOTA_OPERATIONS.batch,
  CREDIT_QUOTA_OPERATIONS.batch,
  ...Object.values(PRODUCT_CATEGORY_OPERATIONS),
  ...Object.values(PRODUCT_OPERATIONS),
  ...Object.values(SKU_OPERATIONS),
  ...Object.values(STOCK_OPERATIONS),
  ...Object.values(PRICE_OPERATIONS),
  ...Object.values(BUNDLE_OPERATIONS),
  ...Object.values(BUNDLE_PRICE_OPERATIONS),
  ...Object.values(INTERNAL_USER_OPERATIONS),
] as const;

export type OperationId = (typeof OPERATIONS)[number];

/**
 * The OpenAPI document of /v1: public and unsigned (an integrator reads it before holding a credential), so not an
 * operation. The service serves it; the console's /v1 (embedded or relayed) passes it through.
 */
export const OPENAPI_PATH = '/v1/openapi.json';

const ID_SEGMENT = /^[1-9][0-9]{0,18}$/;
/** The service reads any integer as an id segment (./request-values), so `/v1/products/-5` is that operation's 404. */
const ANY_INTEGER_SEGMENT = /^[+-]?[0-9]+$/;

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
 * id only, so `/v1/companies/batch` can never be read as a company id (the console's proxy allows no
 * more); `anyInteger` (the service) matches any integer text, which the operation then answers as a
 * missing record, after the credential's permission. Returns null for anything else, and `'method'`
 * when the path exists under another method.
 */
export function matchOperation(
  method: string,
  path: string,
  { anyInteger = false }: { anyInteger?: boolean } = {},
): MatchedOperation | 'method' | null {
  const idSegment = anyInteger ? ANY_INTEGER_SEGMENT : ID_SEGMENT;
  const segments = path.split('/').slice(1);
  let pathMatched = false;
  for (const op of COMPILED) {
    if (op.segments.length !== segments.length) continue;
    const params: { id?: string } = {};
    const ok = op.segments.every((seg, i) => {
      const actual = segments[i] as string;
      if (seg === '{id}') {
        if (!idSegment.test(actual)) return false;
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

/** The path of an operation with `{id}` filled in: `operationPath('GET /v1/companies/{id}', 7)` is `/v1/companies/7`. */
export function operationPath(operation: OperationId, id?: number | string): string {
  const path = operation.slice(operation.indexOf(' ') + 1);
  if (path.includes('{id}') && id === undefined) throw new Error(`${operation} needs an id`);
  return id === undefined ? path : path.replace('{id}', encodeURIComponent(String(id)));
}

export function isWrite(operation: OperationId): boolean {
  return !operation.startsWith('GET ');
}
