import { z } from 'zod';
import { LIST_FILTERS, type ListName } from '../lists';
import { endpoint, json } from './endpoint';
import {
  LIST_READ_PATH,
  LIST_SEARCH_MAX,
  listReadPermission,
  MIRROR_PAGE_SIZE_MAX,
  SORT_DIRECTIONS,
  type ListReadAnswer,
} from './list-read';

const LIST_NAMES = Object.keys(LIST_FILTERS) as [ListName, ...ListName[]];
const positive = z.coerce.number().int().min(1);

/** The lists' reads (app/api/lists): a page from the mirror, or word that it pages live (./list-read). */
export const listsApi = {
  read: endpoint({
    method: 'GET',
    path: LIST_READ_PATH,
    access: { kind: 'session', permission: ({ list }) => listReadPermission(list) },
    params: z.object({ list: z.enum(LIST_NAMES) }),
    // The list's own filters come by their API names beside these; the route reads them by LIST_FILTERS.
    query: z
      .object({
        q: z.string().max(LIST_SEARCH_MAX).optional(),
        sort: z.string().max(40).optional(),
        dir: z.enum(SORT_DIRECTIONS).optional(),
        page: positive.max(2_147_483_647).optional(),
        pageSize: positive.max(MIRROR_PAGE_SIZE_MAX).optional(),
        refresh: z.literal('1').optional(),
      })
      .catchall(z.string().max(LIST_SEARCH_MAX)),
    answer: json<ListReadAnswer>(),
  }),
};
