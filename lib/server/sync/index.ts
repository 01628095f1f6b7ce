import 'server-only';

// The public face of lib/server/sync: the ERP's sync with the master data, and the data it owns (sync_call,
// sync_rejection). The relay (issue 53) forwards the ERP's /v1 calls unchanged and records, off the answer's path,
// what did not apply; an uploaded sync log records the same. The steward's side reads those rows grouped by cause,
// counts them for the home card, closes them when the console or the ERP applies the record, dismisses them and
// reports them. Relay and rejections are one folder because they share one table: the rejections are the relay's
// records, and closing them writes History from rows only this folder knows the columns of.
export { recordRelayedCall, recordRelayedCalls, type RelayedCall } from './store';
export { parseCall, operationOf, syncFamilyOf, type ParsedCall, type RejectedItem, type CallOutcome } from './parse';
export { relayLastHour, type RelayLastHour } from './last-hour';
export { relayCounted, type RelayCounted, type CountedRow } from './counted';
export { createRelay, type RelayOptions } from './forward';
export { createRecorder, type RelayRecorder } from './recorder';
export { fetchUpstream, networkUpstream, type RelayUpstream } from './upstream';
export { processRelay, type ProcessRelay } from './serve';
export { syncLogRetentionJob, deleteOldSyncCalls, SYNC_LOG_RETENTION } from './retention';
export {
  closeRejectionsApplied,
  dismissRejections,
  CLOSE_OPERATION,
  DISMISS_OPERATION,
  type AppliedRecord,
  type Closer,
} from './close';
export { listRejections, openCount, openTotal, rejectionItems, TREND_DAYS, type StoredRejection } from './reads';
export { rejectionsReport, REPORT_COLUMNS, type ReportColumn, type ReportWords } from './report';
export { reportWords } from './report-words';
export { recordUploadedLog } from './upload';
