import { isExportResource } from '@/lib/csv/export-columns';
import { ExportStateError, listMyExports, startExport } from '@/lib/server/exports';
import { exportsCaller } from '@/lib/server/exports/http';
import { fail, json } from '@/lib/server/imports/http';
import { isApiError } from '@/lib/server/upstream/errors';

export const dynamic = 'force-dynamic';

/** The caller's exports, newest first. */
export async function GET(request: Request) {
  const user = await exportsCaller(request);
  if (user instanceof Response) return user;
  return json({ exports: await listMyExports(user) });
}

/** Starts an export job: `{ resource, filters }`. One running export per person. */
export async function POST(request: Request) {
  const user = await exportsCaller(request);
  if (user instanceof Response) return user;
  const body = (await request.json().catch(() => null)) as { resource?: unknown; filters?: unknown } | null;
  if (!body || !isExportResource(body.resource)) return fail('invalid_parameter', 400);
  try {
    return json({ export: await startExport(user, body.resource, body.filters) }, 201);
  } catch (error) {
    if (error instanceof ExportStateError) return fail(error.code, 409, { activeJobId: error.activeJobId });
    if (isApiError(error)) return fail(error.code ?? 'upstream_error', error.kind === 'timeout' ? 504 : 502);
    throw error;
  }
}
