import { z } from 'zod';

/**
 * A salesperson as every console role sees it: a back-office user's id and name, nothing else (no e-mail, no
 * account). Served by the console's GET /api/salespeople; the full /v1/internal-users list is admin-only.
 */
export const SALESPEOPLE_PATH = '/api/salespeople';

export const salesperson = z.object({ id: z.number().int(), name: z.string() });
export type Salesperson = z.infer<typeof salesperson>;
export const salespeople = z.array(salesperson);
