import 'server-only';
import { recordTypeOf, REVIEW_HEADER, type RecordType } from '@/lib/contract/history';
import { isWrite } from '@/lib/contract/operations';
import { isRole, mayCall, type Role } from '@/lib/contract/roles';
import type { AuditRecord } from '../audit';
import { batchChanges, recordedChanges } from '../audit';
import { oneItemRecordId, requestKey, summariseWrite } from './audit-summary';
import { readAnswer, readLimitedBody } from './body';
import { passesConsoleChecks } from './browser-checks';
import { CREATE_RESULT_HEADER, existingIdsForCreate } from './create-check';
import { responseHeaders } from './headers';
import { resolveTarget } from './path';
import { refuse as refuseWith, type RefusalCode } from './refusals';
import { REQUEST_ID_HEADER, requestIdOf } from '../http';
import { answersAsDocumented } from './response-check';
import type { ProxySend } from './send';
import { annotateActiveSpan, REQUEST_ID_ATTRIBUTE, withSpan } from '../telemetry';
import { describeSpan } from './span';
import { bodyStream, createdId, errorCode, isAbort, restoreMarker, retryAfterOf } from './handler-parts';
import type { OldValuesLookup } from '../mirror';
import { batchOldValues, oldValuesOf } from './old-values';
export type { ProxySendInput, ProxySend } from './send';

export interface ProxyUser {
  id: string;
  email: string;
  role: Role | string;
}

/** What the proxy records for each write: the audit log's own record. */
export type AuditEntry = AuditRecord;

export interface ProxyDeps {
  /** Reads the session from the request's cookies; null when signed out. */
  getUser(headers: Headers): Promise<ProxyUser | null>;
  send: ProxySend;
  /** Origins a write may come from, besides the request's own. */
  allowedOrigins: readonly string[];
  bodyLimitBytes: number;
  timeoutMs: number;
  audit?(entry: AuditEntry): Promise<void>;
  /** The approval policy's say on a write before it is sent (lib/server/approvals): anything but 'pass' refuses. */
  gate?(write: { operation: string; bodyBytes: Uint8Array | null }): Promise<'pass' | RefusalCode>;
  /**
   * After a write the service answered 2xx, once it is audited and before its answer goes back: the mirror's
   * write-through (lib/server/mirror/copy/write-through.ts). Awaited; an error is logged, never answered.
   */
  afterWrite?(write: AppliedWrite): Promise<void>;
  /**
   * A read answered 2xx, as it goes back: the mirror's correction from a record read live
   * (lib/server/mirror/reads/live-read.ts). Not awaited and must return at once: it only queues work for later.
   */
  afterRead?(read: AnsweredRead): void;
  /**
   * A save that restores a History entry names its change record (the review's REVIEW_RESTORES): true when that
   * change exists and is this record's (lib/server/audit restoredChange). Without it, or false, the save is refused.
   */
  restoreCheck?(restore: { changeId: string; type: RecordType; id: string }): Promise<boolean>;
  /** A single-record write's old values as the server knew them, looked up just before sending (./old-values.ts). */
  oldValues?: OldValuesLookup;
  /** Where failures are reported (audit write errors, upstream faults); never given a secret. */
  logError?(message: string, error: unknown): void;
  /** Called once per request with what its log line and metrics need. */
  observe?(facts: ProxyFacts): void;
}

/** A write the service accepted: the records it names (ids, or `code:` keys) and when it was sent (ms). */
export interface AppliedWrite {
  operation: string;
  ids: string[];
  sentAt: number;
}

/** A read the service answered 2xx: its operation, the bytes going back, and when it was sent (ms). */
export interface AnsweredRead {
  operation: string;
  bytes: Uint8Array;
  sentAt: number;
}

/** One request through the proxy, as logged: never a header, cookie or body. */
export interface ProxyFacts {
  requestId: string;
  method: string;
  userId?: string;
  /** The /v1 operation, once the path resolved to one. */
  operation?: string;
  status: number;
  /** The upstream's status; null when it gave no answer; absent when nothing was sent. */
  upstreamStatus?: number | null;
  /** The proxy's refusal code, when it answered itself. */
  code?: RefusalCode;
  durationMs: number;
}

/**
 * The signing proxy, in the order of the design: browser checks → session → allowlist → role → body
 * limit → sign and forward → audit. Everything that refuses does so before a byte goes upstream.
 */
export function createProxyHandler(deps: ProxyDeps): (request: Request) => Promise<Response> {
  const decoder = new TextDecoder();

  return async function proxy(request: Request): Promise<Response> {
    const started = performance.now();
    // The same id goes upstream, into the log line and back to the browser (and into the trace, when traces are on).
    const requestId = requestIdOf(request);
    annotateActiveSpan({ [REQUEST_ID_ATTRIBUTE]: requestId });
    return withSpan(
      'proxy',
      async (span) => {
        const facts: Partial<ProxyFacts> = {};
        let response: Response | undefined;
        try {
          response = await answer(request, requestId, facts);
          response.headers.set(REQUEST_ID_HEADER, requestId);
          return response;
        } finally {
          const status = response?.status ?? 500;
          describeSpan(span, facts, status);
          deps.observe?.({
            ...facts,
            requestId,
            method: request.method.toUpperCase(),
            status,
            durationMs: performance.now() - started,
          });
        }
      },
      { attributes: { [REQUEST_ID_ATTRIBUTE]: requestId, 'http.request.method': request.method.toUpperCase() } },
    );
  };

  async function answer(request: Request, requestId: string, facts: Partial<ProxyFacts>): Promise<Response> {
    const refuse = (code: RefusalCode, retryAfterMs?: number) => {
      facts.code = code;
      return refuseWith(code, retryAfterMs);
    };
    if (!passesConsoleChecks(request, deps.allowedOrigins)) return refuse('forbidden');

    const user = await deps.getUser(request.headers);
    if (!user) return refuse('unauthenticated');
    facts.userId = user.id;

    const method = request.method.toUpperCase();
    const target = resolveTarget(method, request.url);
    if (!target.ok) return refuse(target.code);
    facts.operation = target.operation;

    if (!isRole(user.role) || !mayCall(user.role, target.operation)) return refuse('forbidden');

    const write = isWrite(target.operation);
    const body = write ? await readLimitedBody(request, deps.bodyLimitBytes) : { ok: true as const, bytes: null };
    if (!body.ok) return refuse('payload_too_large');
    const verdict =
      write && deps.gate ? await deps.gate({ operation: target.operation, bodyBytes: body.bytes }) : 'pass';
    if (verdict !== 'pass') return refuse(verdict);
    // A restore's marker is checked before anything is sent: History's link must name this record's own change.
    const restores = write ? restoreMarker(request.headers.get(REVIEW_HEADER)) : null;
    if (restores !== null) {
      const type = recordTypeOf(target.operation);
      // A price restores through its one-item batch, which names the SKU or bundle in its item.
      const id =
        target.params.id ??
        (target.operation.endsWith('/batch') && body.bytes ? oneItemRecordId(decoder.decode(body.bytes)) : null);
      const ok = type && id && deps.restoreCheck ? await deps.restoreCheck({ changeId: restores, type, id }) : false;
      if (!ok) return refuse('restore_not_this_record');
    }

    const controller = new AbortController();
    const timer = setTimeout(
      () => controller.abort(new DOMException('upstream timeout', 'TimeoutError')),
      deps.timeoutMs,
    );
    let status: number | null = null;
    let responseBytes: Uint8Array<ArrayBuffer> | null = null;
    let failure: 'upstream_timeout' | 'upstream_unreachable' | undefined;
    let headers: Headers | undefined;
    // A single create upserts by ERP code: which records it would update is read just before sending, so
    // the audit and the browser can tell "created" from "updated an existing record" by the returned id.
    let existingIds: string[] | null | undefined;
    if (write && method === 'POST') {
      existingIds = await existingIdsForCreate(deps.send, target.path, body.bytes, controller.signal);
      if (existingIds === null) {
        clearTimeout(timer);
        return refuse('code_check_failed');
      }
    }
    const requestText = write && body.bytes ? decoder.decode(body.bytes) : null;
    const reviewHeader = request.headers.get(REVIEW_HEADER);
    // What History records as the old values: the server's own (its copy or a read now), never the review's.
    const old = write
      ? await oldValuesOf(deps.oldValues, {
          operation: target.operation,
          pathId: target.params.id,
          requestText,
          existingIds,
          reviewHeader,
          signal: controller.signal,
          requestId,
        })
      : null;
    // A batch of several items (a script's): each record's, so History holds every step (the approval window's).
    const oldByRecord = write
      ? await batchOldValues(deps.oldValues, {
          operation: target.operation,
          requestText,
          signal: controller.signal,
          requestId,
        })
      : undefined;
    const sentAt = Date.now();
    try {
      const upstream = await deps.send({
        method,
        pathAndQuery: target.path + target.query,
        bodyBytes: body.bytes,
        signal: controller.signal,
        requestId,
      });
      // Read the whole answer under the same deadline, so a body that stalls also ends in 504.
      responseBytes = await readAnswer(upstream);
      status = upstream.status;
      headers = responseHeaders(upstream.headers);
    } catch (error) {
      // The sender refused before sending (it would not send a path its URL parser rewrites): nothing left.
      if (errorCode(error) === 'bad_path') return refuse('bad_path');
      // Held back for the rate limit (people wait at most 2 s): not sent either, and the answer says until when.
      if (errorCode(error) === 'service_busy') return refuse('service_busy', retryAfterOf(error));
      const timedOut = controller.signal.aborted || isAbort(error) || errorCode(error) === 'upstream_timeout';
      failure = timedOut ? 'upstream_timeout' : 'upstream_unreachable';
      if (failure === 'upstream_unreachable') deps.logError?.(`upstream request failed: ${target.operation}`, error);
    } finally {
      clearTimeout(timer);
      facts.upstreamStatus = status;
    }

    const summary = write
      ? summariseWrite({
          operation: target.operation,
          pathId: target.params.id,
          requestText,
          status,
          responseText: responseBytes ? decoder.decode(responseBytes) : null,
          failure,
          existingIds: existingIds ?? undefined,
        })
      : null;
    if (summary && deps.audit) {
      try {
        await deps.audit({
          userId: user.id,
          userEmail: user.email,
          operation: target.operation,
          targetIds: summary.targetIds,
          status: status ?? (failure === 'upstream_timeout' ? 504 : 502),
          outcome: summary.outcome,
          result: summary.result,
          failedIds: summary.failedIds,
          unknownIds: summary.unknownIds,
          recordType: recordTypeOf(target.operation),
          changes: recordedChanges(requestText, reviewHeader, old),
          changesByRecord: batchChanges(requestText, requestKey, oldByRecord),
          restores,
          requestId,
        });
      } catch (error) {
        // The write already happened upstream; its answer still goes back, and the gap is reported.
        deps.logError?.(`audit write failed for ${target.operation}`, error);
      }
    }
    if (summary && deps.afterWrite && status !== null && status >= 200 && status < 300) {
      const failed = new Set(summary.failedIds);
      // Applied upstream: whatever goes wrong after, the answer still goes back.
      await deps
        .afterWrite({ operation: target.operation, ids: summary.targetIds.filter((id) => !failed.has(id)), sentAt })
        .catch((error: unknown) => deps.logError?.(`after-write step failed for ${target.operation}`, error));
    }

    if (failure || status === null || !headers) return refuse(failure ?? 'upstream_unreachable');
    // The upstream's bytes go back unchanged; a status a Response cannot carry is not a usable answer.
    if (status < 200 || status > 599) return refuse('upstream_unreachable');
    const created = createdId(existingIds, status, responseBytes);
    if (created) headers.set(CREATE_RESULT_HEADER, created);
    // A read the browser will trust without a schema of its own: a 2xx that is not what the contract says is
    // not passed on (it could break a page far from its cause). Reads only, so nothing was changed.
    if (status >= 200 && status < 300 && !answersAsDocumented(target.operation, responseBytes)) {
      deps.logError?.(
        `upstream answer does not match the contract: ${target.operation}`,
        new Error('invalid_response'),
      );
      return refuse('invalid_response');
    }
    if (!write && status >= 200 && status < 300 && responseBytes)
      deps.afterRead?.({ operation: target.operation, bytes: responseBytes, sentAt });
    const bodyless = status === 204 || status === 205 || status === 304;
    return new Response(bodyless || !responseBytes ? null : bodyStream(responseBytes), { status, headers });
  }
}
