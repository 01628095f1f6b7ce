import { cancelImport } from '@/lib/server/imports';
import { importsCaller, json } from '@/lib/server/imports/http';

export const dynamic = 'force-dynamic';

export async function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const user = await importsCaller(request);
  if (user instanceof Response) return user;
  return json({ cancelled: await cancelImport((await params).id) });
}
