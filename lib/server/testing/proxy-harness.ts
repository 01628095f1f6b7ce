import 'server-only';
import type { Kysely } from 'kysely';
import type { ConsoleDatabase } from '@/lib/server/db/types';
import { BODY_LIMIT_BYTES } from '@/lib/contract/batches';
import { encodeReview, REVIEW_HEADER } from '@/lib/contract/history';
import type { Role } from '@/lib/contract/roles';
import { createService, type Service } from '@/service';
import { CREDS, testSeed } from '@/service/testing/fixtures';
import { recordAudit } from '../audit/audit-log';
import { restoredChange } from '../audit/restored-change';
import { createConsoleAuth, type ConsoleAuth, migrateConsoleDb } from '../auth';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, ensureAccounts } from '../auth/bootstrap';
import type { ConsoleDbConnection } from '../db/connect';
import { openConsoleDb } from './console-parts';
import { AUTH_CHANGES_CHANNEL } from '../db/migrations/0030-auth-change-notify';
import { liveReadCorrector, type Correction } from '../mirror/reads/live-read';
import { writeThrough, writtenByOperation } from '../mirror/copy/write-through';
import { createUpstreamClient, SkewTracker, type FetchImpl, type UpstreamClient } from '../upstream';
import { createProxyHandler, type ProxyDeps } from '../proxy/handler';

import { mirrorCopy } from '../mirror/copy/copy';
import { createOldValuesLookup } from '../mirror/reads/old-values';
import type { ApprovalPolicy } from '@/lib/contract/approval-policy';
import { quotaWriteVerdict } from '../approvals';
import { createSessionReader } from '../proxy/session-check';
import { sessionCookie, signInRequest } from '../auth/testing/sign-in';

/**
 * Real parts for proxy tests and the bench: better-auth on in-memory PGlite with the demo accounts, the
 * reference service in-process on the small test seed, the real upstream client, and the real handler.
 * `reached` records every request that got to the service, so a test can prove a refusal never left.
 * Not a test itself: imported by *.test.ts and bench/.
 */
export const CONSOLE_ORIGIN = 'http://console.test';
export const HARNESS_AUTH_SECRET = 'proxy-harness-secret-'.padEnd(40, 'x');
export const UPSTREAM_CREDS = CREDS.erp;
/**
 * The harness's tenant: its mirror copy's (a test that wants the copy read resets the state to it) and the one its
 * approval gate reads proposals under.
 */
export const HARNESS_TENANT = 'harness';

export interface ReachedRequest {
  method: string;
  url: string;
  pathAndQuery: string;
  headers: Headers;
  body: string;
}

export interface ProxyHarness {
  proxy: (request: Request) => Promise<Response>;
  auth: ConsoleAuth;
  db: Kysely<ConsoleDatabase>;
  service: Service;
  /** The signing client the proxy sends with (the ERP's credential). */
  client: UpstreamClient;
  reached: ReachedRequest[];
  /** Session cookie (`name=value`) per role. */
  cookies: Record<Role, string>;
  /** A new session for a demo account; its cookie as `name=value`. */
  signIn(email: string): Promise<string>;
  /** The console database's change notices (ConsoleDbConnection.watch). */
  watch: ConsoleDbConnection['watch'];
  /** Replace how the upstream is reached (fault injection: slow or failing); null restores the service. */
  setFault(fetch: FetchImpl | null): void;
  close(): Promise<void>;
}

let ipCounter = 0;

async function signIn(auth: ConsoleAuth, email: string): Promise<string> {
  const address = `203.0.113.${++ipCounter % 250}`;
  const response = await auth.handler(signInRequest(CONSOLE_ORIGIN, address, email, DEMO_PASSWORD));
  return sessionCookie(response, email);
}

export async function createProxyHarness(
  options: Partial<Pick<ProxyDeps, 'timeoutMs' | 'bodyLimitBytes' | 'observe'>> & {
    record?: boolean;
    mirror?: boolean;
    /** With the mirror: told when a record read live has been compared with its copy (corrections run after the answer). */
    onCorrected?: (outcome: Correction) => void;
    /**
     * The console database (another engine, jobs/testing/db-engines.ts); default: PGlite in memory. Closed with the
     * harness.
     */
    connection?: ConsoleDbConnection;
    /** The approval policy the proxy holds quota writes to, as proxy/console-proxy.ts wires it (none: no gate). */
    policy?: ApprovalPolicy;
  } = {},
): Promise<ProxyHarness> {
  // Demo mode, like its demo accounts: no role requires two-factor.
  const authConfig = { secret: HARNESS_AUTH_SECRET, baseURL: CONSOLE_ORIGIN, demoMode: true };
  const conn: ConsoleDbConnection = options.connection ?? (await openConsoleDb(authConfig));
  const db = conn.db;
  await migrateConsoleDb(db, authConfig);
  const auth = createConsoleAuth(db, authConfig);
  await ensureAccounts(auth, db, { demoMode: true, initialAdmin: null });
  const service = await createService({ memory: true, seed: testSeed() });

  const reached: ReachedRequest[] = [];
  const record = options.record ?? true;
  let fault: FetchImpl | null = null;
  const upstreamFetch: FetchImpl = async (request) => {
    if (record) {
      const url = new URL(request.url);
      const body = request.body ? await request.clone().text() : '';
      reached.push({
        method: request.method,
        url: request.url,
        pathAndQuery: request.url.slice(url.origin.length),
        headers: new Headers(request.headers),
        body,
      });
    }
    return fault ? fault(request) : service.fetch(request);
  };

  const timeoutMs = options.timeoutMs ?? 15_000;
  const client = createUpstreamClient({
    baseUrl: 'http://embedded.invalid',
    clientId: UPSTREAM_CREDS.clientId,
    clientSecret: UPSTREAM_CREDS.secret,
    fetch: upstreamFetch,
    timeoutMs,
    skew: new SkewTracker(),
  });
  const proxy = createProxyHandler({
    // The production session check with its cache; proxy/session-check.test.ts holds it to better-auth's answer.
    getUser: createSessionReader(
      async () => db,
      HARNESS_AUTH_SECRET,
      async (onChange) => (await conn.watch(AUTH_CHANGES_CHANNEL, onChange)) !== null,
      { demoMode: authConfig.demoMode },
    ),
    send: (input) => client.send(input),
    allowedOrigins: [CONSOLE_ORIGIN],
    bodyLimitBytes: options.bodyLimitBytes ?? BODY_LIMIT_BYTES,
    timeoutMs,
    audit: (entry) => recordAudit(db, entry),
    // As proxy/console-proxy.ts wires it: the mirror's copy (when on, of HARNESS_TENANT) or one read before sending.
    oldValues: createOldValuesLookup({
      copy: options.mirror
        ? (entity, id) => mirrorCopy(db, entity, id, { tenant: HARNESS_TENANT, intervalMs: 3_600_000 })
        : undefined,
      send: (input) => client.send(input),
    }),
    restoreCheck: async ({ changeId, type, id }) => (await restoredChange(db, changeId, { type, id })) !== null,
    gate: options.policy
      ? ({ operation, bodyBytes }) =>
          quotaWriteVerdict(client, db, HARNESS_TENANT, async () => options.policy!, operation, bodyBytes)
      : undefined,
    // As proxy/console-proxy.ts wires it when MIRROR is on.
    afterWrite: options.mirror
      ? async (write) => {
          const written = writtenByOperation(write.operation, write.ids);
          if (written) await writeThrough(db, client, written, { since: write.sentAt, log: () => {} });
        }
      : undefined,
    afterRead: options.mirror
      ? liveReadCorrector({ db: async () => db, log: () => {}, onDone: options.onCorrected })
      : undefined,
    observe: options.observe,
  });

  const cookies = {} as Record<Role, string>;
  for (const account of DEMO_ACCOUNTS) cookies[account.role] = await signIn(auth, account.email);

  return {
    proxy,
    auth,
    db,
    service,
    client,
    reached,
    cookies,
    signIn: (email) => signIn(auth, email),
    watch: (channel, onNotify) => conn.watch(channel, onNotify),
    setFault: (f) => {
      fault = f;
    },
    close: async () => {
      await service.close();
      await conn.close();
    },
  };
}

/** A request as the console's browser fetcher makes it (shell agreement). */
export function consoleRequest(
  method: string,
  pathAndQuery: string,
  init: { cookie?: string; body?: BodyInit; headers?: Record<string, string> } = {},
): Request {
  const write = method !== 'GET' && method !== 'HEAD';
  return new Request(`${CONSOLE_ORIGIN}/api/upstream${pathAndQuery}`, {
    method,
    headers: {
      'x-console-request': '1',
      'sec-fetch-site': 'same-origin',
      ...(write ? { origin: CONSOLE_ORIGIN, 'content-type': 'application/json' } : {}),
      ...(init.cookie ? { cookie: init.cookie } : {}),
      ...init.headers,
    },
    body: init.body,
  });
}

/** A PUT through the proxy as the steward, with the values the form had read (the review header) when given. */
export async function putAsSteward(h: ProxyHarness, path: string, body: unknown, review?: Record<string, unknown>) {
  const headers = review ? { [REVIEW_HEADER]: encodeReview(review)! } : undefined;
  const response = await h.proxy(
    consoleRequest('PUT', path, { cookie: h.cookies.steward, body: JSON.stringify(body), headers }),
  );
  await response.text();
  return response.status;
}
