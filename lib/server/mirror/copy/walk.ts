import 'server-only';
import { PAGE_SIZE_MAX } from '@/lib/contract';
import type { UpstreamClient } from '../../upstream';
import type { MirrorEntity } from './entities';
import type { MirrorRecord } from './store';

export interface WalkPage {
  page: number;
  records: MirrorRecord[];
  /** The service's clock when it answered (ms), or null when it sent no Date header. */
  serverMs: number | null;
  totalCount: number;
  totalPages: number;
  /** The mirror's write sequence just before this page was asked for (store.ts readTicket); null: none taken. */
  ticket: string | null;
}

/** Pages in flight ahead of the walk. */
const READ_AHEAD = 3;

export interface WalkOptions {
  from: number;
  updatedSince?: Date;
  signal?: AbortSignal;
  /** Takes a write-sequence ticket before each page is asked for (the walk will store what it reads). */
  ticket?: () => Promise<string>;
}

/**
 * Reads a list page by page (id ascending, the service's order), the next pages already on their way while the
 * caller stores this one. Offset paging over changing data can shift rows between pages; the caller compares
 * each page's total with the first one's and each page's first id with the previous page's last to see it.
 */
export async function* walkPages(
  client: UpstreamClient,
  entity: MirrorEntity,
  options: WalkOptions,
): AsyncGenerator<WalkPage> {
  const filters = options.updatedSince ? { updatedSince: options.updatedSince } : {};
  const read = async (page: number): Promise<WalkPage> => {
    const ticket = options.ticket ? await options.ticket() : null;
    // The cast: `entity.list` is a union of list names, and updatedSince is a filter of each list walked with it.
    const { page: answer, serverMs } = await client.datedList(
      entity.list,
      { filters, page, pageSize: PAGE_SIZE_MAX } as never,
      options.signal,
    );
    return {
      page,
      records: answer.data as MirrorRecord[],
      serverMs,
      totalCount: answer.totalCount,
      totalPages: answer.totalPages,
      ticket,
    };
  };
  // Pages asked for ahead of the one being stored, so storing never waits for the service nor the service for storing.
  const ahead: Promise<WalkPage>[] = [read(options.from)];
  let asked = options.from;
  while (ahead.length > 0) {
    const current: WalkPage = await ahead.shift()!;
    while (asked < current.totalPages && ahead.length < READ_AHEAD) {
      const next = read(++asked);
      // A page read ahead that fails while the caller still stores this one must not go unhandled.
      next.catch(() => {});
      ahead.push(next);
    }
    yield current;
  }
}
