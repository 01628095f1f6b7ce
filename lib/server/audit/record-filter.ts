import 'server-only';
import { isRecordType, type RecordType } from '@/lib/contract/history';
import type { Kysely } from 'kysely';
import type { ConsoleDatabase } from '../db';
import type { UpstreamClient as Upstream } from '../upstream';
import { recordsMatching } from './record-names';

const CODE_LISTS = { companies: 'companies', products: 'products', skus: 'skus', bundles: 'bundles' } as const;

/** How many records sharing a code the filter looks for; more than that is not one record's trail any more. */
const MAX_MATCHES = 500;

/**
 * The audit page's record filter: a type and an id, or an ERP code looked up live (every record of that type
 * whose code is exactly it; SKUs share codes across products). Null when the type is not a record type or
 * nothing was typed; an unknown code gives no ids (nothing matches), never a guess.
 * The upstream's code filter is a substring match, so every page of its hits is read and compared in full.
 */
export async function recordFilter(
  upstream: () => Upstream,
  type: string | undefined,
  text: string | undefined,
): Promise<{ type: RecordType; id: string[] } | null> {
  const value = text?.trim();
  if (!value || !isRecordType(type)) return null;
  if (/^[1-9][0-9]{0,18}$/.test(value)) return { type, id: [value] };
  if (type === 'users') return { type, id: [] };
  try {
    const ids: string[] = [];
    for await (const record of upstream().listAll(CODE_LISTS[type], {
      filters: { outerSysCode: value },
      pageSize: 100,
    })) {
      if (record.outerSysCode === value) ids.push(String(record.id));
      if (ids.length >= MAX_MATCHES) break;
    }
    return { type, id: ids };
  } catch {
    return { type, id: [] };
  }
}

/**
 * "Record id or ERP code" with or without a record type: with one, as recordFilter (read live); without, the
 * records of every family with that id or exactly that code (from the mirror; read live per family when the
 * mirror is off). `found` says whether any record had it, so the page can say when nothing matched.
 */
export async function anyRecordFilter(
  deps: { db: Kysely<ConsoleDatabase>; upstream: () => Upstream; mirror: boolean },
  type: string | undefined,
  text: string | undefined,
): Promise<{ matches: { type: RecordType | null; id: string }[]; found: boolean } | null> {
  const value = text?.trim();
  if (!value) return null;
  let records: { type: RecordType | null; id: string }[];
  if (isRecordType(type)) {
    records = (await recordFilter(deps.upstream, type, value))!.id.map((id) => ({ type, id }));
  } else if (deps.mirror || /^[1-9][0-9]{0,18}$/.test(value)) {
    records = (await recordsMatching(deps.db, value)).filter((m) => !m.id.startsWith('code:'));
  } else {
    const lists = await Promise.all(
      (Object.keys(CODE_LISTS) as RecordType[]).map((t) => recordFilter(deps.upstream, t, value)),
    );
    records = lists.flatMap((l) => (l ? l.id.map((id) => ({ type: l.type, id })) : []));
  }
  // Batch items refused before they had an id are kept under their code.
  const byCode = /^[1-9][0-9]{0,18}$/.test(value)
    ? []
    : [{ type: isRecordType(type) ? type : null, id: `code:${value}` }];
  return { matches: [...records, ...byCode], found: records.length > 0 };
}
