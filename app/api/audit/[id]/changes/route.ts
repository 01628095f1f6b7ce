import { auditApi } from '@/lib/contract/console/audit';
import { listEntryChanges } from '@/lib/server/audit';
import { consoleRoute } from '@/lib/server/console-api';

export const dynamic = 'force-dynamic';

/** The records of one audit entry (a chunk's rows), for the audit page's expanded entry. */
export const GET = consoleRoute(auditApi.changes, async ({ params, consoleDb, env, upstream }) => ({
  // Without the mirror, the records are named by live reads.
  changes: await listEntryChanges(await consoleDb(), params.id, env.mirror.enabled ? undefined : upstream),
}));
