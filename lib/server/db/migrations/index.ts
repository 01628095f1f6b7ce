import type { Migration } from 'kysely';
import auditLog from './0010-audit-log';
import signInFailures from './0020-sign-in-failures';
import authChangeNotify from './0030-auth-change-notify';
import auditWriteResult from './0035-audit-write-result';
import jobs from './0040-jobs';
import quotaSnapshot from './0041-quota-snapshot';
import jobUnitFinishedBy from './0042-job-unit-finished-by';
import imports from './0050-imports';
import importAttempts from './0060-import-attempts';
import auditRecordHistory from './0070-audit-record-history';
import userPreference from './0080-user-preference';
import jobUnitOpenOrder from './0090-job-unit-open-order';
import importChunk from './0120-import-chunk';
import importRowCounts from './0130-import-row-counts';
import importChunkBody from './0131-import-chunk-body';
import importChunkBodyRows from './0170-import-chunk-body-rows';
import importRowNoForeignKey from './0171-import-row-no-fk';
import importUploadClosed from './0180-import-upload-closed';
import auditChanges from './0250-audit-changes';
import userPreferenceFilters from './0260-user-preference-filters';
import importOriginBefore from './0251-import-origin-before';
import importRowPredicted from './0275-import-row-predicted';
import mirror from './0320-mirror';
import mirrorStatusCount from './0330-mirror-status-count';
import mirrorSearchGrams from './0340-mirror-search-grams';
import mirrorSearchChars from './0350-mirror-search-chars';
import mirrorStrokeOrder from './0360-mirror-stroke-order';
import mirrorWrittenSeq from './0362-mirror-written-seq';
import auditRequestId from './0365-audit-request-id';
import upstreamBudget from './0370-upstream-budget';
import attention from './0400-attention';
import twoFactor from './0470-two-factor';
import auditClientAddress from './0490-audit-client-address';
import historyFindings from './0510-history-findings';
import sessionEnded from './0520-session-ended';
import syncRelay from './0500-sync-relay';
import approvals from './0530-approvals';
import historySyncSource from './0590-history-sync-source';
import importRevert from './0600-import-revert';
import historyRestore from './0610-history-restore';
import proposalWindow from './0620-proposal-window';
import relayCounts from './0660-relay-counts';
import proposalSeen from './0670-proposal-seen';
import importRowOld from './0680-import-row-old';
import mirrorNamedSort from './0690-mirror-named-sort';

/**
 * Console migrations, run in name order after better-auth's own tables exist (so a console table may
 * reference "user"). One file per migration in this folder, named `NNNN-what.ts`, registered here with one
 * line; a test checks that every file in the folder is registered. Registered statically because the
 * server bundle cannot list a folder at run time.
 */
export const consoleMigrations: Record<string, Migration> = {
  '0010-audit-log': auditLog,
  '0020-sign-in-failures': signInFailures,
  '0030-auth-change-notify': authChangeNotify,
  '0035-audit-write-result': auditWriteResult,
  '0040-jobs': jobs,
  '0041-quota-snapshot': quotaSnapshot,
  '0042-job-unit-finished-by': jobUnitFinishedBy,
  '0050-imports': imports,
  '0060-import-attempts': importAttempts,
  '0070-audit-record-history': auditRecordHistory,
  '0080-user-preference': userPreference,
  '0090-job-unit-open-order': jobUnitOpenOrder,
  '0120-import-chunk': importChunk,
  '0130-import-row-counts': importRowCounts,
  '0131-import-chunk-body': importChunkBody,
  '0170-import-chunk-body-rows': importChunkBodyRows,
  '0171-import-row-no-fk': importRowNoForeignKey,
  '0180-import-upload-closed': importUploadClosed,
  '0250-audit-changes': auditChanges,
  '0251-import-origin-before': importOriginBefore,
  '0260-user-preference-filters': userPreferenceFilters,
  '0275-import-row-predicted': importRowPredicted,
  '0320-mirror': mirror,
  '0330-mirror-status-count': mirrorStatusCount,
  '0340-mirror-search-grams': mirrorSearchGrams,
  '0350-mirror-search-chars': mirrorSearchChars,
  '0360-mirror-stroke-order': mirrorStrokeOrder,
  '0362-mirror-written-seq': mirrorWrittenSeq,
  '0365-audit-request-id': auditRequestId,
  '0370-upstream-budget': upstreamBudget,
  '0400-attention': attention,
  '0470-two-factor': twoFactor,
  '0490-audit-client-address': auditClientAddress,
  '0500-sync-relay': syncRelay,
  '0510-history-findings': historyFindings,
  '0520-session-ended': sessionEnded,
  '0530-approvals': approvals,
  '0590-history-sync-source': historySyncSource,
  '0600-import-revert': importRevert,
  '0610-history-restore': historyRestore,
  '0620-proposal-window': proposalWindow,
  '0660-relay-counts': relayCounts,
  '0670-proposal-seen': proposalSeen,
  '0680-import-row-old': importRowOld,
  '0690-mirror-named-sort': mirrorNamedSort,
};
