import { z } from 'zod';
import {
  FINDING_STATES,
  type AttentionSummary,
  type Finding,
  type FindingsPage,
  type RecordFindings,
} from '../attention/api-types';
import { ATTENTION_RESOURCES, RULE_IDS } from '../attention/rules';
import { ACCEPT_REASON_MAX } from '../attention/limits';
import { attentionCount } from './attention-count';
import { endpoint, everyRole, everyRoleRead, json } from './endpoint';

/** "Needs attention" (app/api/attention): the home's cards, a rule's findings, a record's findings, accept and reopen. */

export const FINDINGS_PAGE_SIZES = [25, 50, 100] as const;

const findingId = z.string().regex(/^[1-9][0-9]{0,17}$/);
const positive = z.coerce.number().int().min(1);

export const attentionApi = {
  /** The signed-in person's home: the rules their role sees (others are never counted or sent). */
  summary: everyRoleRead<AttentionSummary>('/api/attention'),
  /** The navigation's count alone, for every page's shell (attention-count.ts: no zod with it). */
  count: attentionCount,
  /** A rule's findings, newest first; a rule the person's role does not see answers 404. */
  findings: endpoint({
    method: 'GET',
    path: '/api/attention/rules/[rule]',
    access: everyRole,
    params: z.object({ rule: z.enum(RULE_IDS) }),
    query: z.object({
      state: z.enum(FINDING_STATES).optional(),
      page: positive.max(1_000_000).optional(),
      pageSize: positive.max(100).optional(),
    }),
    answer: json<FindingsPage>(),
    errors: { finding_not_found: 404 },
  }),
  /** A record's open and accepted findings of the rules the role sees, for the top of its page. */
  record: endpoint({
    method: 'GET',
    path: '/api/attention/records/[resource]/[id]',
    access: everyRole,
    params: z.object({ resource: z.enum(ATTENTION_RESOURCES), id: z.string().regex(/^[1-9][0-9]{0,18}$/) }),
    answer: json<RecordFindings>(),
  }),
  /** Accepts an open finding as an exception: a reason is required; it may lapse at `expiresAt`. */
  accept: endpoint({
    method: 'POST',
    path: '/api/attention/findings/[id]/accept',
    access: { kind: 'session', permission: 'editMasterData' },
    params: z.object({ id: findingId }),
    body: z.object({
      reason: z.string().trim().min(1).max(ACCEPT_REASON_MAX),
      // An expiry already past would accept nothing: refused as an invalid parameter.
      expiresAt: z.iso
        .datetime({ offset: true })
        .refine((value) => Date.parse(value) > Date.now())
        .nullish(),
    }),
    answer: json<Finding>(),
    errors: { finding_not_found: 404, finding_not_open: 409 },
    // The finding's History entry is the record (lib/server/attention writes it with who, when and why).
    audit: 'domain',
  }),
  /** Reopens an accepted finding (the exception withdrawn). */
  reopen: endpoint({
    method: 'POST',
    path: '/api/attention/findings/[id]/reopen',
    access: { kind: 'session', permission: 'editMasterData' },
    params: z.object({ id: findingId }),
    answer: json<Finding>(),
    errors: { finding_not_found: 404, finding_not_accepted: 409 },
    audit: 'domain',
  }),
};
