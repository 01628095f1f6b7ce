import { uploadRowsBody } from '@/lib/csv/import-api';
import { appendRows, ImportStateError, listRows, ROW_STATUSES, type RowStatus } from '@/lib/server/imports';
import { fail, importsCaller, json } from '@/lib/server/imports/http';

export const dynamic = 'force-dynamic';

const STATUSES: readonly string[] = [...ROW_STATUSES, 'pending', 'sending'];

/** Rows in file order: `?status=failed&status=unknown&after=<rowNo>&limit=100`. */
export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const user = await importsCaller(request);
  if (user instanceof Response) return user;
  const { id } = await params;
  if (!/^\d{1,18}$/.test(id)) return fail('import_not_found', 404);
  const query = new URL(request.url).searchParams;
  const statuses = query.getAll('status').filter((s): s is RowStatus => STATUSES.includes(s));
  const after = Number(query.get('after') ?? -1);
  const limit = Number(query.get('limit') ?? 100);
  const rows = await listRows(id, {
    statuses,
    afterRowNo: Number.isInteger(after) ? after : -1,
    limit: Number.isInteger(limit) && limit > 0 ? limit : 100,
  });
  return json({ rows });
}

export async function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const user = await importsCaller(request);
  if (user instanceof Response) return user;
  const { id } = await params;
  const body = uploadRowsBody.safeParse(await request.json().catch(() => null));
  if (!body.success) return fail('invalid_parameter', 400);
  try {
    await appendRows(id, body.data.rows);
  } catch (error) {
    if (error instanceof ImportStateError) {
      return fail(error.code, error.code === 'import_not_found' ? 404 : error.code === 'invalid_parameter' ? 400 : 409);
    }
    throw error;
  }
  return new Response(null, { status: 204 });
}
