import 'server-only';
import { isRecordType, type RecordType } from '@/lib/contract/history';
import type { Upstream } from '../upstream-instance';

const CODE_LISTS = { companies: 'companies', products: 'products', skus: 'skus', bundles: 'bundles' } as const;

/**
 * The audit page's record filter: a type and an id, or an ERP code looked up live (every record of that type
 * whose code is exactly it; SKUs share codes across products). Null when the type is not a record type or
 * nothing was typed; an unknown code gives no ids (nothing matches), never a guess.
 */
export async function recordFilter(upstream: () => Upstream, type: string | undefined, text: string | undefined): Promise<{ type: RecordType; id: string[] } | null> {
  const value = text?.trim();
  if (!value || !isRecordType(type)) return null;
  if (/^[1-9][0-9]{0,18}$/.test(value)) return { type, id: [value] };
  if (type === 'users') return { type, id: [] };
  try {
    const page = await upstream().list(CODE_LISTS[type], { outerSysCode: value, pageSize: 100 } as never);
    const items = page.data as { id: number; outerSysCode?: string | null }[];
    return { type, id: items.filter((r) => r.outerSysCode === value).map((r) => String(r.id)) };
  } catch {
    return { type, id: [] };
  }
}
