import { getTranslations } from 'next-intl/server';
import { exportsApi } from '@/lib/contract/console/exports';
import { consoleRoute } from '@/lib/server/console-api';
import { exportFile, ExportStateError } from '@/lib/server/exports';
import { SAFE_RESPONSE_HEADERS } from '@/lib/server/proxy';
import { XLSX_TYPE } from '@/lib/files/xlsx-write';

export const dynamic = 'force-dynamic';

/** The finished file of one of the caller's exports (.xlsx unless CSV is asked for), streamed, with headers in the caller's language. */
export const GET = consoleRoute(exportsApi.file, async ({ user, params, query, fail }) => {
  const format = query.format ?? 'xlsx';
  // The headers are named when the first part is read, after the export is known to be the caller's and ready.
  let header: (key: string) => string = (key) => key;
  let found: Awaited<ReturnType<typeof exportFile>>;
  try {
    found = await exportFile(user, params.id, (key) => header(key), format);
  } catch (error) {
    if (error instanceof ExportStateError && error.code !== 'export_already_running') fail(error.code);
    throw error;
  }
  const t = await getTranslations('exports.columns');
  header = (key) => (t.has(key) ? t(key) : key);
  const { view, parts } = found;
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await parts.next();
      if (next.done) controller.close();
      else controller.enqueue(typeof next.value === 'string' ? encoder.encode(next.value) : next.value);
    },
    async cancel() {
      await parts.return(undefined);
    },
  });
  const day = (view.finishedAt ?? view.createdAt).slice(0, 10);
  return new Response(body, {
    headers: {
      ...SAFE_RESPONSE_HEADERS,
      'Content-Type': format === 'csv' ? 'text/csv; charset=utf-8' : XLSX_TYPE,
      'Content-Disposition': `attachment; filename="${view.resource}-${day}-${view.id}.${format}"`,
    },
  });
});
