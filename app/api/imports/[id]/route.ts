import { importStatus, listAttempts } from '@/lib/server/imports';
import { fail, importsCaller, json } from '@/lib/server/imports/http';

export const dynamic = 'force-dynamic';

export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const user = await importsCaller(request);
  if (user instanceof Response) return user;
  const id = (await params).id;
  const status = await importStatus(id);
  return status ? json({ ...status, attempts: await listAttempts(id) }) : fail('import_not_found', 404);
}
