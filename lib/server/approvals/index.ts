import 'server-only';

/**
 * Four eyes on money: the approval policy in force, proposals stored instead of quota writes, and the decisions
 * on them (lib/contract/approval-policy holds the rules; this folder their storage and their effects).
 */
export { policyInForce, savePolicy, type PolicyInForce } from './policy';
export {
  expireProposals,
  listProposals,
  openProposalFor,
  propose,
  readProposal,
  withdrawProposal,
  OpenProposalExistsError,
  ReasonRequiredError,
  type Person,
  type Proposal,
  type ProposalInput,
  type ProposalSource,
  type ProposalState,
  type QuotaFamily,
} from './proposals';
export { approveProposal, rejectProposal, type Decision } from './decide';
export { approveEach, rejectEach, viewOfDecision, type DecisionItem } from './decide-each';
export { quotaWriteVerdict, type GateVerdict } from './gate';
export { holdCaughtRows, type HeldRow, type HoldInput } from './import-hold';
export { proposalRecordFor, recordPolicySaved, recordProposalStep, type ProposalStep } from './record';
export { annotatePreview, policyFor, proposeCaught, waitingByCompany } from './quota-edit';
export { applyQuotaEditWithApprovals, reviewQuotaEdit, type QuotaEditParts } from './quota-edit-flow';
export { judgeFor, rulesFor, type Judge, type Verdict } from './judge';
export { readQuotaWindows, type WindowCompany } from './window';
export { expireOnRead, readOwnProposals, readQueue, readUnseenDecisions, viewOf, waitingFor } from './queue';
export { markDecisionsSeen, unseenDecisions } from './seen';
