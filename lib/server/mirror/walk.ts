import 'server-only';
import { PAGE_SIZE_MAX } from '@/lib/contract';
import type { UpstreamClient } from '../upstream';
import type { MirrorEntity } from './entities';
import type { MirrorRecord } from './store';

export interface WalkPage {
  page: number;
  records: MirrorRecord[];
  /** The service's clock when it answered (ms), or null when it sent no Date header. */
  serverMs: number | null;
  totalCount: number;
  totalPages: number;
}

export interface WalkOptions {
  from: number;
  updatedSince?: Date;
  signal?: AbortSignal;
}

/**
 * Reads a list page by page (id ascending, the service's order), the next page already on its way while the
 * caller stores this one. Offset paging over changing data can shift rows between pages; the caller compares
 * each page's total with the first one's and each page's first id with the previous page's last to see it.
 */
export async function* walkPages(client: UpstreamClient, entity: MirrorEntity, options: WalkOptions): AsyncGenerator<WalkPage> {
  const filters = options.updatedSince ? { updatedSince: options.updatedSince } : {};
  const read = async (page: number): Promise<WalkPage> => {
    // The cast: `entity.list` is a union of list names, and updatedSince is a filter of each list walked with it.
    const { page: answer, serverMs } = await client.datedList(entity.list, { filters, page, pageSize: PAGE_SIZE_MAX } as never, options.signal);
    return { page, records: answer.data as MirrorRecord[], serverMs, totalCount: answer.totalCount, totalPages: answer.totalPages };
  };
  let next: Promise<WalkPage> | null = read(options.from);
  while (next) {
    const current: WalkPage = await next;
    next = current.page < current.totalPages ? read(current.page + 1) : null;
    // A page read ahead that fails while the caller still stores this one must not go unhandled.
    next?.catch(() => {});
    yield current;
  }
}
