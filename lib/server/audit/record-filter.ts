import 'server-only';
import { isRecordType, type RecordType } from '@/lib/contract/history';
import type { UpstreamClient as Upstream } from '../upstream';

const CODE_LISTS = { companies: 'companies', products: 'products', skus: 'skus', bundles: 'bundles' } as const;

/** How many records sharing a code the filter looks for; more than that is not one record's trail any more. */
const MAX_MATCHES = 500;

/**
 * The audit page's record filter: a type and an id, or an ERP code looked up live (every record of that type
 * whose code is exactly it; SKUs share codes across products). Null when the type is not a record type or
 * nothing was typed; an unknown code gives no ids (nothing matches), never a guess.
 * The upstream's code filter is a substring match, so every page of its hits is read and compared in full.
 */
export async function recordFilter(upstream: () => Upstream, type: string | undefined, text: string | undefined): Promise<{ type: RecordType; id: string[] } | null> {
  const value = text?.trim();
  if (!value || !isRecordType(type)) return null;
  if (/^[1-9][0-9]{0,18}$/.test(value)) return { type, id: [value] };
  if (type === 'users') return { type, id: [] };
  try {
    const ids: string[] = [];
    for await (const record of upstream().listAll(CODE_LISTS[type], { filters: { outerSysCode: value }, pageSize: 100 })) {
      if (record.outerSysCode === value) ids.push(String(record.id));
      if (ids.length >= MAX_MATCHES) break;
    }
    return { type, id: ids };
  } catch {
    return { type, id: [] };
  }
}
