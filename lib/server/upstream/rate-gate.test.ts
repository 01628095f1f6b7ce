import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { PEOPLE_WAIT_MAX_MS } from '@/lib/contract';
import type { Service } from '@/service';
import { CREDS, IDS } from '@/service/testing/fixtures';
import type { ConsoleDatabase } from '../db/types';
import { withServiceAndConsoleDb } from '../testing/console-parts';
import { createUpstreamClient, isApiError, type FetchImpl } from '.';
import { databaseBudget } from './rate-budget';
import { RateGate, type Priority } from './rate-gate';

// The rate gate against the reference service's `limited` credential (2 requests a second, 429 with Retry-After
// beyond: a real limit), with the shared schedule in a real console database (PGlite).

let service: Service;
let db: Kysely<ConsoleDatabase>;
withServiceAndConsoleDb((opened) => ({ service, db } = opened));

function client(gate: RateGate, priority: Priority, fetch: FetchImpl) {
  return createUpstreamClient({
    baseUrl: 'http://service.invalid',
    clientId: CREDS.limited.clientId,
    clientSecret: CREDS.limited.secret,
    fetch,
    gate: { admit: (signal) => gate.admit(priority, signal), observe: (r) => gate.observe(r) },
    // As lib/server/process builds them: a person's read waits out a 429 only as long as a page may.
    retry: priority === 'people' ? { maxRetryAfterMs: PEOPLE_WAIT_MAX_MS } : { rateLimitedAttempts: Infinity },
  });
}

describe('rate gate', () => {
  it('two instances told the limit share one schedule in the database: the service answers no 429', async () => {
    const statuses: number[] = [];
    const transport: FetchImpl = async (request) => {
      const response = await service.fetch(request);
      statuses.push(response.status);
      return response;
    };
    // Two processes' gates (a web instance and a worker) on one database, the credential's 2 a second.
    const instances = [1, 2].map(
      () => new RateGate({ perSecond: 2, retryAfterMaxMs: 60_000, budget: databaseBudget(db, 'shared-schedule') }),
    );
    const reads = await Promise.all(
      instances.flatMap((gate) =>
        Array.from({ length: 3 }, () => client(gate, 'jobs', transport).read('pointQuota', IDS.acme.company)),
      ),
    );
    expect(reads.every((r) => r.companyId === IDS.acme.company)).toBe(true);
    expect(statuses).toEqual(Array(6).fill(200));
  }, 30_000);

  it("after a 429 longer than 2 s, a person's request is not sent: busy, with the time to wait", async () => {
    const gate = new RateGate({ perSecond: null, retryAfterMaxMs: 60_000 });
    let sent = 0;
    const transport: FetchImpl = async () => {
      sent++;
      return Response.json({ error: 'rate_limited' }, { status: 429, headers: { 'Retry-After': '5' } });
    };
    const people = client(gate, 'people', transport);
    const first = await people.read('sku', IDS.acme.sku).catch((e: unknown) => e);
    // The service's own 429 (Retry-After over what a page waits) comes back as it is...
    expect(isApiError(first) && first.code).toBe('rate_limited');
    // ...and the next request is held back without being sent.
    const second = await people.read('sku', IDS.acme.sku).catch((e: unknown) => e);
    expect(isApiError(second) && [second.kind, second.code]).toEqual(['busy', 'service_busy']);
    expect(isApiError(second) && second.retryAfterMs).toBeGreaterThan(4_000);
    expect(sent).toBe(1);
    // A job's request waits for the pause instead; given up meanwhile, it ends not sent.
    const controller = new AbortController();
    const waiting = gate.admit('jobs', controller.signal);
    setTimeout(() => controller.abort(), 50);
    expect(await waiting).toEqual({ reason: 'aborted' });
  }, 30_000);
});
