import { auditApi } from '@/lib/contract/console/audit';
import { listEntryChanges } from '@/lib/server/audit/entry-changes';
import { consoleRoute } from '@/lib/server/console-api/route';
import { getConsoleDb } from '@/lib/server/process';

export const dynamic = 'force-dynamic';

/** The records of one audit entry (a chunk's rows), for the audit page's expanded entry. */
export const GET = consoleRoute(auditApi.changes, async ({ params }) => ({ changes: await listEntryChanges(await getConsoleDb(), params.id) }));
