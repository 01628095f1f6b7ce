import type { Exposure, LimitChange, ProposalView } from '@/lib/contract/console/approvals';

/** An open proposal as the queue reads it: with the company's exposure now and its recent limit changes. */
export type OpenProposal = ProposalView & { exposure: Exposure | null; limitChanges: LimitChange[] };
