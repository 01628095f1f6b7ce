import 'server-only';

// The public face of lib/server/sync: the ERP's sync with the master data, and the data it owns (sync_call,
// sync_rejection). The relay (issue 53) forwards the ERP's /v1 calls unchanged and records, off the answer's path,
// what did not apply; an uploaded sync log records the same. The steward's side reads those rows grouped by cause,
// counts them for the home card, closes them when the console or the ERP applies the record, dismisses them and
// reports them. Relay and rejections are one folder because they share one table: the rejections are the relay's
// records, and closing them writes History from rows only this folder knows the columns of.
export { recordRelayedCall, type RelayedCall } from './store';
export { relayLastHour } from './last-hour';
export { relayCounted, type CountedRow } from './counted';
export { processRelay } from './serve';
export { syncLogRetentionJob } from './retention';
export { closeRejectionsApplied, dismissRejections } from './close';
export { listRejections, openCount, openTotal, rejectionItems } from './reads';
export { rejectionsReport } from './report';
export { reportWords } from './report-words';
export { recordUploadedLog } from './upload';
