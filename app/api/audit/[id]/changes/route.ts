import { auditApi } from '@/lib/contract/console/audit';
import { listEntryChanges } from '@/lib/server/audit';
import { consoleRoute } from '@/lib/server/console-api';
import { getConsoleDb, getUpstream } from '@/lib/server/process';
import { getEnv } from '@/lib/server/env';

export const dynamic = 'force-dynamic';

/** The records of one audit entry (a chunk's rows), for the audit page's expanded entry. */
export const GET = consoleRoute(auditApi.changes, async ({ params }) => ({
  // Without the mirror, the records are named by live reads.
  changes: await listEntryChanges(await getConsoleDb(), params.id, getEnv().mirror.enabled ? undefined : getUpstream()),
}));
