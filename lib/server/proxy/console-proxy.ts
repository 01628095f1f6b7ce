import 'server-only';
import { recordAudit, restoredChange } from '../audit';
import { consoleOrigins, sessionUser } from './caller';
import { currentTenant, getConsoleDb, getUpstream } from '../process';
import { DEMO_APPROVAL_POLICY, NO_APPROVAL_POLICY } from '@/lib/contract/approval-policy';
import { policyInForce, quotaWriteVerdict } from '../approvals';
import { getEnv } from '../env';
import { logger } from '../log';
import { logRequest } from '../log';
import { proxyDuration } from '../metrics';
import { correctMirrorLater, createOldValuesLookup, mirrorCopy } from '../mirror';
import { writeThrough, writtenByOperation } from '../mirror';
import { getUserRoles } from '../upstream';
import { createProxyHandler, type AuditEntry, type ProxyFacts } from './handler';

/**
 * Error lines carry the error's name and message only: never a request's headers or body, and the
 * upstream client's errors carry method and path, never the secret.
 */
function logError(message: string, error: unknown) {
  const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  logger().error({ source: 'proxy', error: detail }, message);
}

const ROUTE = '/api/upstream/[...path]';

/**
 * The request's log line and its duration metric, written on the next turn of the event loop: the facts (and the
 * duration) are fixed when the answer is ready, but the line's write to standard output, and the wake-up of
 * whatever reads it, no longer sit between the upstream's answer and the browser's (bench:proxy).
 */
function observe(facts: ProxyFacts) {
  setImmediate(() => {
    logRequest({ ...facts, route: ROUTE });
    proxyDuration.observe(
      { operation: facts.operation ?? 'none', status: String(facts.status) },
      facts.durationMs / 1000,
    );
  });
}

// One per bundle (only app/api/upstream uses it): it holds no resource of its own; the database and the upstream
// transport under it are the process's (lib/server/runtime).
async function rolesForHistory(changes: AuditEntry['changes']) {
  if (!changes?.some((c) => c.field === 'roleId')) return [];
  return (await getUserRoles().catch(() => ({ roles: [] }))).roles;
}

let proxy: ((request: Request) => Promise<Response>) | undefined;

/**
 * The signing proxy of app/api/upstream, wired to the session, the upstream client and the audit log. The
 * session and origin parts are the console endpoints' too (lib/server/proxy/caller.ts).
 */
export function consoleProxy(): (request: Request) => Promise<Response> {
  if (!proxy) {
    const env = getEnv();
    const consoleDb = async () => await getConsoleDb();
    proxy = createProxyHandler({
      getUser: sessionUser,
      send: (input) => getUpstream().send(input),
      allowedOrigins: consoleOrigins(),
      bodyLimitBytes: env.proxyBodyLimitBytes,
      timeoutMs: env.upstream.timeoutMs,
      // Role names go with a role change (/v1 has none: CONSOLE_ROLES or the seed's); without them, ids as before.
      // What the mirror does not name is read live from the same upstream.
      audit: async (entry) =>
        recordAudit(await consoleDb(), entry, { roles: await rolesForHistory(entry.changes), live: getUpstream() }),
      // History's old values are the server's: the console's copy of the record (MIRROR on) or one read before sending.
      oldValues: createOldValuesLookup({
        copy: env.mirror.enabled
          ? async (entity, id) =>
              mirrorCopy(await consoleDb(), entity, id, { tenant: currentTenant(), intervalMs: env.mirror.intervalMs })
          : undefined,
        send: (input) => getUpstream().send(input),
      }),
      // A restore's save names this record's own History entry, or it is not sent.
      restoreCheck: async ({ changeId, type, id }) =>
        (await restoredChange(await consoleDb(), changeId, { type, id })) !== null,
      // The approval policy holds here too: a quota write it catches is refused, never sent (a proposal instead).
      gate: ({ operation, bodyBytes }) => {
        const fallback = env.demoMode ? DEMO_APPROVAL_POLICY : NO_APPROVAL_POLICY;
        const policy = async () => (await policyInForce(await consoleDb(), currentTenant(), fallback)).policy;
        return consoleDb().then((db) =>
          quotaWriteVerdict(getUpstream(), db, currentTenant(), policy, operation, bodyBytes),
        );
      },
      // The mirror's copy of what was written, before the browser refreshes its list (MIRROR=off: lists read live).
      afterWrite: async (write) => {
        const written = env.mirror.enabled ? writtenByOperation(write.operation, write.ids) : null;
        if (written)
          await writeThrough(await consoleDb(), getUpstream(), written, { since: write.sentAt, log: logError });
      },
      // A record read live corrects its copy, after the answer went back (never delaying or failing it).
      afterRead: env.mirror.enabled ? correctMirrorLater : undefined,
      logError,
      observe,
    });
  }
  return proxy;
}
