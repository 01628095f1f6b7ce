import 'server-only';
import type { Kysely } from 'kysely';
import { LIST_FILTERS, type FilterKind, type ListName } from '@/lib/contract/lists';
import { MIRROR_COUNT_LIMIT, type ListReadAnswer } from '@/lib/contract/console/list-read';
import type { ConsoleDatabase } from '../../db';
import { mirrorReadiness } from '../copy/freshness';
import { mirrorAnswers, readMirrorList, type MirrorListQuery } from './list-query';

const ID = /^[1-9][0-9]{0,15}$/;

/** The list's filters from a query's values by their API names; null when one of them is malformed (invalid_parameter). */
export function listFiltersOf(list: ListName, values: Record<string, unknown>): Record<string, string | number> | null {
  const filters: Record<string, string | number> = {};
  for (const [name, kind] of Object.entries(LIST_FILTERS[list]) as [string, FilterKind][]) {
    const raw = values[name];
    if (typeof raw !== 'string' || raw === '') continue;
    if (kind === 'id') {
      if (!ID.test(raw)) return null;
      filters[name] = Number(raw);
    } else filters[name] = raw;
  }
  return filters;
}

/** A list page as asked for: the same whether the mirror answers it or the service does. */
export type ListRead = MirrorListQuery;

export interface MirrorSetting {
  enabled: boolean;
  tenant: string;
  intervalMs: number;
}

/**
 * A list page from the mirror with how fresh it is, or why the list pages live instead: the mirror is off, its
 * first copy of the list is not complete, or a filter needs the service.
 */
export async function readList(
  db: Kysely<ConsoleDatabase>,
  read: ListRead,
  mirror: MirrorSetting,
): Promise<ListReadAnswer> {
  if (!mirror.enabled) return { source: 'live', reason: 'off' };
  if (!mirrorAnswers(read.list, read.filters)) return { source: 'live', reason: 'filter' };
  const readiness = await mirrorReadiness(db, read.list, { tenant: mirror.tenant, intervalMs: mirror.intervalMs });
  if (!readiness.usable) return { source: 'live', reason: readiness.reason };
  // A SKU is also found by its product's code or name: that needs the products' copy too.
  if (
    read.list === 'skus' &&
    read.q?.trim() &&
    !(await mirrorReadiness(db, 'products', { tenant: mirror.tenant, intervalMs: mirror.intervalMs })).usable
  ) {
    return { source: 'live', reason: 'pending' };
  }
  const { page, counts, more, byCodePoint } = await readMirrorList(db, read, { countLimit: MIRROR_COUNT_LIMIT });
  return {
    source: 'mirror',
    page,
    counts,
    more,
    freshness: readiness.freshness,
    ...(byCodePoint ? { byCodePoint } : {}),
  };
}

/** Whether every one of `lists` can be read from the mirror now (the exports decide once, when they start). */
export async function mirrorServes(
  db: Kysely<ConsoleDatabase>,
  lists: readonly ListName[],
  mirror: MirrorSetting,
): Promise<boolean> {
  if (!mirror.enabled) return false;
  for (const list of lists) {
    if (!(await mirrorReadiness(db, list, { tenant: mirror.tenant, intervalMs: mirror.intervalMs })).usable)
      return false;
  }
  return true;
}

/** One page of a list from the mirror in the service's order (by id), as the service would answer it (counted exactly). */
export async function mirrorPage(
  db: Kysely<ConsoleDatabase>,
  list: ListName,
  filters: Record<string, string | number>,
  page: number,
  pageSize: number,
) {
  return (await readMirrorList(db, { list, filters, page, pageSize })).page;
}
