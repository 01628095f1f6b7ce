import 'server-only';
import { isAuditFamily } from '@/lib/contract/history';
import type { AuditFilters, WriteResult } from './audit-log';

type Params = Record<string, string | string[] | undefined>;

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)?.trim() || undefined;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Minutes east of UTC of a time zone at an instant (Asia/Taipei: 480). */
function offsetMinutes(timeZone: string, at: Date): number {
  const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')?.value;
  const m = name?.match(/GMT([+-])(\d{2}):?(\d{2})?/);
  if (!m) return 0;
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3] ?? 0));
}

/** The first instant of a calendar day (`YYYY-MM-DD`) in a time zone; null for anything else. */
export function startOfDay(day: string, timeZone: string): Date | null {
  const m = day.match(DAY);
  if (!m) return null;
  const utcMidnight = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  if (Number.isNaN(utcMidnight) || new Date(utcMidnight).toISOString().slice(0, 10) !== day) return null;
  return new Date(utcMidnight - offsetMinutes(timeZone, new Date(utcMidnight)) * 60_000);
}

const RESULTS: readonly WriteResult[] = ['applied', 'refused', 'unknown'];

/**
 * The audit page's filters from its URL: person (e-mail), operation, how it was sent (family), outcome, and a day range read in the
 * person's time zone (both days included). Anything unreadable is left out rather than refused.
 */
export function auditFiltersFrom(params: Params, timeZone: string): AuditFilters {
  const filters: AuditFilters = {};
  const person = first(params.person);
  if (person) filters.person = person;
  const operation = first(params.operation);
  if (operation) filters.operation = operation;
  const family = first(params.family);
  if (isAuditFamily(family)) filters.family = family;
  const result = first(params.result);
  if (result && (RESULTS as readonly string[]).includes(result)) filters.result = result as WriteResult;
  const from = first(params.from);
  const fromDate = from ? startOfDay(from, timeZone) : null;
  if (fromDate) filters.from = fromDate;
  const to = first(params.to);
  const toDate = to ? startOfDay(to, timeZone) : null;
  if (toDate) filters.to = new Date(toDate.getTime() + 24 * 3_600_000 - 1);
  return filters;
}
