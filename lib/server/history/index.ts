import 'server-only';

// The public face of lib/server/history, the one writer of the audit tables (audit_log, audit_change): every
// source of History (console writes, imports, resends, bulk edits, outside changes, findings, account security)
// writes through here. Reads stay with lib/server/audit.
export { reviewAgrees, sameValue } from './changed';
export { person, THE_CHECKS, THE_ERP, type Actor, type RecordChange } from './entry';
export { pruneHistory, type PruneRange } from './prune';
export { writeHistory } from './write';
