import type { Kysely } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Service } from '@/service';
import { IDS } from '@/service/testing/fixtures';
import type { ConsoleDatabase } from '../db';
import {
  markDecisionsSeen,
  propose,
  readOwnProposals,
  readUnseenDecisions,
  rejectProposal,
  unseenDecisions,
  withdrawProposal,
} from '../approvals';
import { recordRelayedCall } from '../sync';
import { withServiceAndConsoleDb } from '../testing/console-parts';
import { erpPost } from '../testing/erp-call';
import { needsAttentionTotal } from '.';

// The navigation's "Needs attention" count holds what each person can act on: a steward the rows the ERP's sync
// could not apply (recorded by the relay from the reference service's real answer), a manager the proposals
// waiting for them, never their own; on the console database in PGlite.
let service: Service;
let db: Kysely<ConsoleDatabase>;
withServiceAndConsoleDb((parts) => ({ service, db } = parts));

const TENANT = 'demo';
const people = {
  steward: { id: 'acct-steward', email: 'steward@example.com', role: 'steward' },
  manager: { id: 'acct-manager', email: 'manager@example.com', role: 'manager' },
  admin: { id: 'acct-admin', email: 'admin@example.com', role: 'admin' },
  viewer: { id: 'acct-viewer', email: 'viewer@example.com', role: 'viewer' },
};

async function erpSync(items: unknown[]) {
  await recordRelayedCall(await erpPost(service, '/v1/skus/batch', items), db);
}

const proposal = (by: { id: string; email: string }, companyId: number) =>
  propose(db, {
    tenant: TENANT,
    family: 'credit',
    companyId,
    companyCode: null,
    companyName: null,
    old: { amount: 100_000, enabled: true, memo: null },
    new: { amount: 900_000, enabled: true, memo: null },
    oldUpdatedAt: null,
    rules: ['credit_increase_percent'],
    policyVersion: null,
    reason: 'New contract signed',
    source: 'edit',
    by,
    expiryDays: 7,
  });

describe("the navigation's Needs attention count", () => {
  beforeAll(async () => {
    const sku = (code: string, productId: number) => ({ productId, outerSysCode: code, name: `SKU ${code}` });
    await erpSync([sku('N-1', 999_999), sku('N-2', IDS.acme.product), sku('N-3', 888_888)]);
    await proposal(people.steward, 9001);
    await proposal(people.admin, 9002);
  });

  it("counts the ERP's rejected rows for a steward, and no proposal: a steward decides none", async () => {
    expect(await needsAttentionTotal(db, TENANT, people.steward)).toBe(2);
  });

  it('counts the proposals waiting for a manager, not the rows a manager cannot fix', async () => {
    expect(await needsAttentionTotal(db, TENANT, people.manager)).toBe(2);
  });

  it("counts both for an admin, leaving out the admin's own proposal", async () => {
    expect(await needsAttentionTotal(db, TENANT, people.admin)).toBe(2 + 1);
  });

  it('counts neither for a viewer', async () => {
    expect(await needsAttentionTotal(db, TENANT, people.viewer)).toBe(0);
  });
});

describe("a decided proposal on its author's home", () => {
  it('stays until its author marks it seen; an open or withdrawn one, or another person, is not news', async () => {
    const rejected = await proposal(people.steward, 9101);
    const open = await proposal(people.steward, 9102);
    const withdrawn = await proposal(people.steward, 9103);
    expect((await withdrawProposal(db, TENANT, withdrawn.id, people.steward))?.state).toBe('withdrawn');
    expect(await unseenDecisions(db, TENANT, people.steward.id)).toEqual([]);

    const decision = await rejectProposal(db, {
      tenant: TENANT,
      id: rejected.id,
      approver: people.manager,
      comment: 'No',
    });
    expect(decision.kind).toBe('rejected');
    expect(await unseenDecisions(db, TENANT, people.steward.id)).toEqual([rejected.id]);
    expect(await unseenDecisions(db, TENANT, people.steward.id, 9101)).toEqual([rejected.id]);
    expect(await unseenDecisions(db, TENANT, people.steward.id, 9102)).toEqual([]);

    // Only its author marks it, and only once it is decided.
    expect(await markDecisionsSeen(db, TENANT, people.manager.id, [rejected.id])).toBe(0);
    expect(await markDecisionsSeen(db, TENANT, people.steward.id, [open.id])).toBe(0);
    expect(await markDecisionsSeen(db, TENANT, people.steward.id, [rejected.id])).toBe(1);
    expect(await unseenDecisions(db, TENANT, people.steward.id)).toEqual([]);
  });

  it('stays however many proposals its author makes after it', async () => {
    const early = await proposal(people.steward, 9201);
    await rejectProposal(db, { tenant: TENANT, id: early.id, approver: people.manager, comment: 'Too much' });
    for (let company = 9202; company < 9214; company++) await proposal(people.steward, company);
    // The home lists the author's ten newest below; the decision leads it all the same.
    expect((await readOwnProposals(db, TENANT, people.steward.id)).map((p) => p.id)).not.toContain(early.id);
    const decided = await readUnseenDecisions(db, TENANT, people.steward.id);
    expect(decided.map((p) => [p.id, p.state, p.comment])).toEqual([[early.id, 'rejected', 'Too much']]);
    expect((await readUnseenDecisions(db, TENANT, people.steward.id, 9201)).map((p) => p.id)).toEqual([early.id]);
    expect(await readUnseenDecisions(db, TENANT, people.steward.id, 9202)).toEqual([]);
  });
});
