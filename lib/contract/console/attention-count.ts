import { everyRoleRead } from './endpoint';

/**
 * The navigation's count of open findings alone (cheap: one indexed count), for every page's shell. Kept apart
 * from the other attention endpoints (attention.ts) and their zod schemas: every page calls it at once, and the
 * browser then loads no zod for it.
 */
export const attentionCount = everyRoleRead<{ total: number }>('/api/attention/count');
