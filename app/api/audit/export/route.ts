import { getTimeZone } from 'next-intl/server';
import { isRecordType } from '@/lib/contract/history';
import { can } from '@/lib/contract/roles';
import { csvFileName } from '@/lib/csv/export';
import { auditFiltersFrom } from '@/lib/server/audit/audit-filters';
import { auditCsv } from '@/lib/server/audit/export';
import { getCurrentUser } from '@/lib/server/auth/session';
import { getConsoleDb } from '@/lib/server/db';
import { refuse, SAFE_RESPONSE_HEADERS } from '@/lib/server/proxy/refusals';

export const dynamic = 'force-dynamic';

/**
 * The audit log (`kind=audit`, admins) or the change records (`kind=history`, optionally of one record:
 * `type` and `id`) as CSV, for the days `from`..`to` (both included, in the person's time zone; without
 * them, everything).
 */
export async function GET(request: Request): Promise<Response> {
  const user = await getCurrentUser(request.headers);
  if (!user) return refuse('unauthenticated');
  const query = new URL(request.url).searchParams;
  const kind = query.get('kind') === 'history' ? 'history' : 'audit';
  const type = query.get('type');
  const id = query.get('id');
  const record = type && id && isRecordType(type) && /^[1-9][0-9]{0,18}$/.test(id) ? { type, id } : undefined;
  const allowed =
    kind === 'audit' || !record ? can(user.role, 'readAudit') : record.type === 'users' ? can(user.role, 'manageInternalUsers') : can(user.role, 'readHistory');
  if (!allowed) return refuse('forbidden');
  const filters = auditFiltersFrom({ from: query.get('from') ?? undefined, to: query.get('to') ?? undefined }, await getTimeZone());
  const range = { from: filters.from ?? new Date(0), to: filters.to ?? new Date(), record };
  const body = auditCsv(await getConsoleDb(), kind, range).pipeThrough(new TextEncoderStream());
  const name = csvFileName(kind === 'audit' ? 'audit-log' : record ? `history-${record.type}-${record.id}` : 'history');
  return new Response(body, {
    headers: { ...SAFE_RESPONSE_HEADERS, 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${name}"` },
  });
}
