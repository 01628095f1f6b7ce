import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_SIZE, UPLOAD_PART_ROWS } from '@/lib/imports/import-api';
import { uploadAndStart, UploadStoppedError, type ImportDescription } from './upload';

// The browser's upload order and its retry rule. The console's endpoints are replaced by a recorder: what is
// checked is which calls leave, in which order, and what happens on a lost connection, which a real server
// on loopback cannot produce on demand.

type Call = { path: string; rows?: number };
let calls: Call[];

function serve(fail: (call: Call, n: number) => 'network' | 'server' | { refused: string } | null) {
  calls = [];
  vi.stubGlobal('fetch', async (url: string, init: { body?: string }) => {
    const path = url.replace('/api/imports', '');
    const body = init.body ? (JSON.parse(init.body) as { rows?: unknown[] }) : {};
    const call = { path, ...(body.rows ? { rows: body.rows.length } : {}) };
    calls.push(call);
    const failure = fail(call, calls.length);
    if (failure === 'network') throw new TypeError('Failed to fetch');
    if (failure === 'server') return new Response(JSON.stringify({ error: 'internal_error' }), { status: 500 });
    if (failure) return new Response(JSON.stringify({ error: failure.refused }), { status: 409 });
    if (path === '') return new Response(JSON.stringify({ id: '7' }), { status: 201 });
    return new Response(null, { status: 204 });
  });
}

afterEach(() => vi.unstubAllGlobals());

const description: ImportDescription = {
  family: 'skus',
  fileName: 'f.csv',
  encoding: 'utf-8',
  delimiter: ',',
  headers: ['a'],
  mapping: ['a'],
  totalRows: 12_000,
};
const rows = (from: number, to: number) =>
  Array.from({ length: to - from }, (_, i) => ({
    rowNo: from + i,
    line: from + i + 2,
    cells: ['x'],
    item: {},
    errors: [],
    warnings: [],
  }));

/** uploadAndStart with every retry's wait passed at once (fake timers): the import's id, or what it threw. */
async function uploadPassingWaits(): Promise<unknown> {
  vi.useFakeTimers({ toFake: ['setTimeout'] });
  try {
    const done = uploadAndStart(description, rows).catch((e: unknown) => e);
    await vi.runAllTimersAsync();
    return await done;
  } finally {
    vi.useRealTimers();
  }
}

describe('uploadAndStart', () => {
  it('starts the import right after a first part of one chunk, then sends the others', async () => {
    serve(() => null);
    expect(await uploadAndStart(description, rows)).toBe('7');
    expect(calls).toEqual([
      { path: '' },
      { path: '/7/rows', rows: CHUNK_SIZE },
      { path: '/7/start' },
      { path: '/7/rows', rows: UPLOAD_PART_ROWS },
      { path: '/7/rows', rows: UPLOAD_PART_ROWS },
      { path: '/7/rows', rows: 12_000 - CHUNK_SIZE - 2 * UPLOAD_PART_ROWS },
    ]);
  });

  it('sends a part again after a lost connection or a 5xx (storing it twice keeps the first rows)', async () => {
    serve((call, n) => (call.path === '/7/rows' && (n === 4 || n === 5) ? (n === 4 ? 'network' : 'server') : null));
    expect(await uploadPassingWaits()).toBe('7');
    expect(calls.map((c) => c.path)).toEqual([
      '',
      '/7/rows',
      '/7/start',
      '/7/rows',
      '/7/rows',
      '/7/rows',
      '/7/rows',
      '/7/rows',
    ]);
  });

  it('a part that keeps failing after the start: the error names the started import', async () => {
    serve((call, n) => (call.path === '/7/rows' && n > 3 ? 'network' : null));
    const error = await uploadPassingWaits();
    expect(error).toBeInstanceOf(UploadStoppedError);
    expect((error as UploadStoppedError).importId).toBe('7');
    expect((error as UploadStoppedError).started).toBe(true);
    expect(calls.filter((c) => c.path === '/7/rows')).toHaveLength(1 + 3);
  });

  it('a start whose answer was lost is asked again; refused as no longer uploading, it had started', async () => {
    serve((call, n) => (call.path === '/7/start' ? (n === 3 ? 'network' : { refused: 'import_not_uploading' }) : null));
    expect(await uploadPassingWaits()).toBe('7');
    expect(calls.map((c) => c.path)).toEqual(['', '/7/rows', '/7/start', '/7/start', '/7/rows', '/7/rows', '/7/rows']);
  });

  it('a start without an answer on every try: the error says nobody knows whether it started', async () => {
    serve((call) => (call.path === '/7/start' ? 'server' : null));
    const error = (await uploadPassingWaits()) as UploadStoppedError;
    expect(error).toBeInstanceOf(UploadStoppedError);
    expect(error.started).toBe('unknown');
    expect(calls.map((c) => c.path)).toEqual(['', '/7/rows', '/7/start', '/7/start', '/7/start']);
  });

  it('a start refused at its first try started nothing: the refusal as it came, no more parts', async () => {
    serve((call) => (call.path === '/7/start' ? { refused: 'import_already_running' } : null));
    const error = await uploadAndStart(description, rows).catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(UploadStoppedError);
    expect(error).toMatchObject({ code: 'import_already_running' });
    expect(calls.map((c) => c.path)).toEqual(['', '/7/rows', '/7/start']);
  });

  it('a refused part (4xx) is not sent again', async () => {
    calls = [];
    vi.stubGlobal('fetch', async (url: string) => {
      calls.push({ path: url.replace('/api/imports', '') });
      if (url.endsWith('/rows'))
        return new Response(JSON.stringify({ error: 'import_not_uploading' }), { status: 409 });
      return new Response(JSON.stringify({ id: '7' }), { status: 201 });
    });
    await expect(uploadAndStart(description, rows)).rejects.toMatchObject({ code: 'import_not_uploading' });
    expect(calls.map((c) => c.path)).toEqual(['', '/7/rows']);
  });
});
