import 'server-only';

// The public face of lib/server/audit: other folders import from here, not from its files.
export { auditFiltersFrom } from './audit-filters';
export { listAuditGroups, type AuditGroup } from './audit-groups';
export {
  auditFilterChoices,
  listHistoryPage,
  recordAudit,
  type AccountOperation,
  type AuditEntryView,
  type AuditRecord,
  type WriteResult,
} from './audit-log';
export { batchChanges, recordedChanges, type OldValues } from './changes';
export { recordConsoleWrite } from './console-writes';
export { listEntryChanges } from './entry-changes';
export { recentFieldChanges, type FieldChange } from './field-changes';
export { auditCsv, auditXlsx, streamOf } from './export';
export {
  groupResult,
  operationChoice,
  operationWords,
  outcomeWithoutRequest,
  requestIdOf,
  type OperationWords,
} from './operation-words';
export { AUDIT_PAGE_SIZE_DEFAULT } from './paging';
export { anyRecordFilter } from './record-filter';
export { recordKey, recordNames } from './record-names';
export { restoredChange, type RestorableChange } from './restored-change';
export { auditRetentionJob, startRetentionIfDue } from './retention';
export { PATH_SEPARATOR } from './value-names';
