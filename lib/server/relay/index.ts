import 'server-only';

// The ERP's /v1 through the console (issue 53): the relay forwards each call unchanged and records, off the
// answer's path, what did not apply. Its records (sync_call, sync_rejection) feed the steward's rejections.
export { recordRelayedCall, recordRelayedCalls, type RelayedCall } from './store';
export { parseCall, operationOf, syncFamilyOf, type ParsedCall, type RejectedItem, type CallOutcome } from './parse';
export { relayLastHour, type RelayLastHour } from './last-hour';
export { relayCounted, type RelayCounted, type CountedRow } from './counted';
export { createRelay, type RelayOptions } from './forward';
export { createRecorder, type RelayRecorder } from './recorder';
export { fetchUpstream, networkUpstream, type RelayUpstream } from './upstream';
export { processRelay, type ProcessRelay } from './serve';
export { syncLogRetentionJob, deleteOldSyncCalls, SYNC_LOG_RETENTION } from './retention';
