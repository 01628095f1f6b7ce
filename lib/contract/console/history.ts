import { z } from 'zod';
import { RECORD_TYPES, type HistoryPage } from '../history';
import { endpoint, json } from './endpoint';

/** A record's History (app/api/history), read from the console's audit log. */
export const historyApi = {
  /** Stewards and admins for master data; admins only for back-office users (their data is admin-only). */
  record: endpoint({
    method: 'GET',
    path: '/api/history/[type]/[id]',
    access: { kind: 'session', permission: ({ type }) => (type === 'users' ? 'manageInternalUsers' : 'readHistory') },
    params: z.object({ type: z.enum(RECORD_TYPES), id: z.string().regex(/^[1-9][0-9]{0,18}$/) }),
    // `older`: the cursor a previous page gave ("Show older").
    query: z.object({ older: z.string().max(200).optional() }),
    answer: json<HistoryPage>(),
  }),
};
