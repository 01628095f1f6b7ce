import { resendBody } from '@/lib/csv/import-api';
import { ImportStateError, ResendError, resendRows } from '@/lib/server/imports';
import { fail, importsCaller, json } from '@/lib/server/imports/http';

export const dynamic = 'force-dynamic';

/** "Resend failed rows": `{ rows: [{ rowNo, cells }] }` → 202 `{ attempt, jobId }`; nothing is sent on a refusal. */
export async function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const user = await importsCaller(request);
  if (user instanceof Response) return user;
  const { id } = await params;
  if (!/^\d{1,18}$/.test(id)) return fail('import_not_found', 404);
  const body = resendBody.safeParse(await request.json().catch(() => null));
  if (!body.success) return fail('invalid_parameter', 400);
  try {
    return json(await resendRows(id, body.data.rows, user), 202);
  } catch (error) {
    if (error instanceof ResendError) {
      const status = error.code === 'import_not_found' ? 404 : error.code === 'rows_invalid' ? 422 : 409;
      return fail(error.code, status, error.rows.length ? { rows: error.rows } : {});
    }
    if (error instanceof ImportStateError) {
      return fail(error.code, 409, error.activeImportId ? { activeImportId: error.activeImportId } : {});
    }
    throw error;
  }
}
