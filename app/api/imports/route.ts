import { createImportBody } from '@/lib/csv/import-api';
import { createImport, listImports } from '@/lib/server/imports';
import { fail, importsCaller, json } from '@/lib/server/imports/http';

export const dynamic = 'force-dynamic';

export async function GET(request: Request) {
  const user = await importsCaller(request);
  if (user instanceof Response) return user;
  return json({ imports: await listImports() });
}

export async function POST(request: Request) {
  const user = await importsCaller(request);
  if (user instanceof Response) return user;
  const body = createImportBody.safeParse(await request.json().catch(() => null));
  if (!body.success) return fail('invalid_parameter', 400);
  if (body.data.mapping.length !== body.data.headers.length) return fail('invalid_parameter', 400);
  const id = await createImport(body.data, user);
  return json({ id }, 201);
}
