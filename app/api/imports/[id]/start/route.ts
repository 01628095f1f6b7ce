import { ImportStateError, startImport } from '@/lib/server/imports';
import { fail, importsCaller } from '@/lib/server/imports/http';

export const dynamic = 'force-dynamic';

export async function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const user = await importsCaller(request);
  if (user instanceof Response) return user;
  try {
    await startImport((await params).id, user);
  } catch (error) {
    if (error instanceof ImportStateError) {
      return fail(error.code, error.code === 'import_not_found' ? 404 : 409, error.activeImportId ? { activeImportId: error.activeImportId } : {});
    }
    throw error;
  }
  return new Response(null, { status: 204 });
}
