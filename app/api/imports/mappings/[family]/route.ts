import { isFamilyName } from '@/lib/csv/families';
import { saveMappingBody } from '@/lib/csv/import-api';
import { getSavedMapping, saveMapping } from '@/lib/server/imports';
import { fail, importsCaller, json } from '@/lib/server/imports/http';

export const dynamic = 'force-dynamic';

/** The caller's own column mapping for a family; each user keeps theirs. */
export async function GET(request: Request, { params }: { params: Promise<{ family: string }> }) {
  const user = await importsCaller(request);
  if (user instanceof Response) return user;
  const { family } = await params;
  if (!isFamilyName(family)) return fail('not_found', 404);
  return json({ mapping: await getSavedMapping(user.id, family) });
}

export async function PUT(request: Request, { params }: { params: Promise<{ family: string }> }) {
  const user = await importsCaller(request);
  if (user instanceof Response) return user;
  const { family } = await params;
  if (!isFamilyName(family)) return fail('not_found', 404);
  const body = saveMappingBody.safeParse(await request.json().catch(() => null));
  if (!body.success) return fail('invalid_parameter', 400);
  await saveMapping(user.id, family, body.data.mapping);
  return new Response(null, { status: 204 });
}
