import 'server-only';
import type { z } from 'zod';
import { listEnvelope, LISTS, READS } from '@/lib/contract/endpoints';
import type { OperationId } from '@/lib/contract/operations';

/**
 * The proxy checks every 2xx answer to a /v1 list or single-record read against its lib/contract schema (the
 * LISTS and READS descriptors), so the browser can trust those answers without a schema of its own and
 * a list page's first load carries no zod. A body that does not match is answered 502 invalid_response.
 */
const SCHEMAS = new Map<OperationId, z.ZodType>([
  ...Object.values(LISTS).map((l): [OperationId, z.ZodType] => [l.operation, listEnvelope(l.item)]),
  ...Object.values(READS).map((r): [OperationId, z.ZodType] => [r.operation, r.schema]),
]);

const decoder = new TextDecoder();

/** True when the operation's answer has no schema here (writes), or its bytes are JSON that matches it. */
export function answersAsDocumented(operation: OperationId, bytes: Uint8Array | null): boolean {
  const schema = SCHEMAS.get(operation);
  if (!schema) return true;
  if (!bytes) return false;
  let json: unknown;
  try {
    json = JSON.parse(decoder.decode(bytes));
  } catch {
    return false;
  }
  return schema.safeParse(json).success;
}
