// Without zod, so browser code (the failed sync's reader) can use it without loading the schemas.

/**
 * The statuses of a batch item /v1 applied: created or updated, or `ok` for a quota batch's item (quotas.ts). A row
 * of an import records its item's status as its outcome, so these are also the outcomes of a row that applied.
 */
export const APPLIED_ITEM_STATUSES: ReadonlySet<string> = new Set(['created', 'updated', 'ok']);
