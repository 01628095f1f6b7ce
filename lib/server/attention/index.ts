import 'server-only';

// The public face of lib/server/attention: other folders import from here, not from its files.
export { acceptFinding, reopenFinding, type ChangeOutcome } from './accept';
export { rulesReading, type ChangedRecord, type MirroredEntity } from './affects';
export {
  evaluateAfterSweep,
  evaluateAll,
  evaluateChanged,
  evaluateNewRules,
  evaluateRule,
  evaluateWorkIfDue,
  type RuleOutcome,
} from './evaluate';
export { attentionReads } from './routes';
export { readFindings, readRecordFindings, readSummary, readTotal } from './views';
