import { can } from '@/lib/contract/roles';
import { listEntryChanges } from '@/lib/server/audit/entry-changes';
import { getCurrentUser } from '@/lib/server/auth/session';
import { getConsoleDb } from '@/lib/server/db';
import { refuse, SAFE_RESPONSE_HEADERS } from '@/lib/server/proxy/refusals';

export const dynamic = 'force-dynamic';

/** The records of one audit entry (a chunk's rows), for the audit page's expanded entry. */
export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  const user = await getCurrentUser(request.headers);
  if (!user) return refuse('unauthenticated');
  if (!can(user.role, 'readAudit')) return refuse('forbidden');
  const { id } = await params;
  return Response.json({ changes: await listEntryChanges(await getConsoleDb(), id) }, { headers: SAFE_RESPONSE_HEADERS });
}
