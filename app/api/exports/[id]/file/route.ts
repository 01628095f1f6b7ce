import { getTranslations } from 'next-intl/server';
import { exportFile, ExportStateError } from '@/lib/server/exports';
import { exportsCaller } from '@/lib/server/exports/http';
import { fail } from '@/lib/server/imports/http';
import { SAFE_RESPONSE_HEADERS } from '@/lib/server/proxy/refusals';

export const dynamic = 'force-dynamic';

/** The finished CSV of one of the caller's exports, streamed, with headers in the caller's language. */
export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const user = await exportsCaller(request, { browserChecks: false });
  if (user instanceof Response) return user;
  const { id } = await params;
  const t = await getTranslations('exports.columns');
  try {
    const { view, parts } = await exportFile(user, id, (key) => (t.has(key) ? t(key) : key));
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const next = await parts.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      },
      async cancel() {
        await parts.return(undefined);
      },
    });
    const day = (view.finishedAt ?? view.createdAt).slice(0, 10);
    return new Response(body, {
      headers: {
        ...SAFE_RESPONSE_HEADERS,
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${view.resource}-${day}-${view.id}.csv"`,
      },
    });
  } catch (error) {
    if (error instanceof ExportStateError) return fail(error.code, error.code === 'export_not_found' ? 404 : 409);
    throw error;
  }
}
