import { endpoint, json } from './endpoint';
import type { Salesperson } from '../salespeople';

/** Salesperson ids and names for every signed-in role (pickers, names in lists); e-mails and accounts stay on the server. */
export const salespeopleApi = {
  /** A read any client of the console may make (no console header needed). */
  list: endpoint({
    method: 'GET',
    path: '/api/salespeople',
    access: { kind: 'session', permission: 'useConsole' },
    answer: json<Salesperson[]>(),
    plainGet: true,
  }),
};
