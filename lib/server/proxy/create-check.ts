import 'server-only';
import {
  CODE_LOOKUP_LISTS,
  CREATE_RESULT_HEADER,
  CODE_LOOKUP_MAX_PAGES,
  codeLookupFilters,
  exactCodeMatches,
  lookupForCreate,
  resourceOfCreatePath,
} from '@/lib/contract/code-lookup';
import { LISTS } from '@/lib/contract/endpoints';
import { buildQuery } from '@/lib/signing';
import type { ProxySend } from './send';

/** Tells the browser what a single create did (the audit row says the same). */
export { CREATE_RESULT_HEADER };

function parse(bytes: Uint8Array | null): unknown {
  if (!bytes) return undefined;
  try {
    return JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return undefined;
  }
}

/**
 * Before a single create is forwarded: the ids of the records it would update instead (an upsert by ERP
 * code), read just before sending. `[]` when it cannot match anything; the body's own id when it names
 * one; null when the lookup failed, and then the create is not sent.
 */
export async function existingIdsForCreate(
  send: ProxySend,
  path: string,
  bodyBytes: Uint8Array | null,
  signal: AbortSignal,
): Promise<string[] | null> {
  const resource = resourceOfCreatePath(path);
  if (!resource) return [];
  const body = parse(bodyBytes);
  const bodyId = typeof body === 'object' && body !== null ? (body as { id?: unknown }).id : undefined;
  if (typeof bodyId === 'number') return [String(bodyId)];
  const lookup = lookupForCreate(resource, body);
  if (!lookup) return [];
  const ids: string[] = [];
  for (let page = 1; page <= CODE_LOOKUP_MAX_PAGES; page++) {
    const query = buildQuery([...Object.entries(codeLookupFilters(lookup)), ['page', page], ['pageSize', 100]]);
    let envelope: { data?: unknown; totalPages?: unknown };
    try {
      const response = await send({
        method: 'GET',
        pathAndQuery: `${LISTS[CODE_LOOKUP_LISTS[resource].list].path}${query}`,
        bodyBytes: null,
        signal,
      });
      if (response.status !== 200) return null;
      envelope = (await response.json()) as typeof envelope;
    } catch {
      return null;
    }
    const rows = Array.isArray(envelope.data)
      ? (envelope.data as { id: unknown; outerSysCode: string | null; productId?: number }[])
      : [];
    for (const row of exactCodeMatches(rows, lookup)) ids.push(String(row.id));
    if (typeof envelope.totalPages !== 'number' || page >= envelope.totalPages) return ids;
  }
  return null;
}
