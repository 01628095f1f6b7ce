import pLimit from 'p-limit';
import { CREDIT_QUOTA_OPERATIONS, operationPath, POINT_QUOTA_OPERATIONS } from '@/lib/contract/operations';
import { apiFetch } from '../fetcher';

/** Quota reads in flight at once: a file names many companies, and each quota is one request. */
const CONCURRENCY = 8;

/**
 * The live quota of each company a quota file names, for "Compare with live data": the service has no quota
 * list, only one read per company, so they are read a few at a time. A read that fails fails the comparison,
 * as a list page that cannot be read does.
 */
export async function readQuotaValues(
  kind: 'point' | 'credit',
  companyIds: readonly number[],
  onProgress?: (done: number, total: number) => void,
): Promise<Map<number, Record<string, unknown>>> {
  const operation = kind === 'point' ? POINT_QUOTA_OPERATIONS.read : CREDIT_QUOTA_OPERATIONS.read;
  const limit = pLimit(CONCURRENCY);
  const values = new Map<number, Record<string, unknown>>();
  const ids = [...new Set(companyIds)];
  await Promise.all(
    ids.map((id) =>
      limit(async () => {
        values.set(id, (await apiFetch({ path: operationPath(operation, id) })) as Record<string, unknown>);
        onProgress?.(values.size, ids.length);
      }),
    ),
  );
  return values;
}
