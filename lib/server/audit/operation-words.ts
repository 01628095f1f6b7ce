import 'server-only';
import { ruleOfOperation, type RuleId } from '@/lib/contract/attention';
import { familyOf, isRecordType, operationKind, recordTypeOf, type RecordType } from '@/lib/contract/history';
import type { AuditEntryView } from './audit-log';

/**
 * What an audit entry (or an import's group of entries) did, in words a person reads: a key under the
 * catalogue's `audit.what.*` and its values. `noun` is a record type (`audit.nouns.*`), `field` a field name
 * (`history.fields.*`): the page puts them in the person's language. The route, status and request id stay in
 * the entry's details and in the export.
 */
export interface OperationWords {
  key: string;
  values: Record<string, string | number>;
  noun?: RecordType;
  field?: string;
  /** A finding's rule (`attention.rules.*.title`). */
  rule?: RuleId;
}

/** What the words read of an entry. */
type Worded = Pick<AuditEntryView, 'family' | 'recordType' | 'targetIds' | 'outcome' | 'changes'> & {
  operation: string;
};

const sum = (entries: Worded[]) => entries.reduce((n, e) => n + e.targetIds.length, 0);

/** The console's own requests that are not part of an import. */
const CONSOLE_CALLS: Record<string, string> = {
  'action quotas.apply': 'quotasApplied',
  'action quotas.refreshCopy': 'quotasRefreshed',
  'action approvals.proposed': 'proposed',
  'action approvals.approved': 'approved',
  'action approvals.rejected': 'rejected',
  'action approvals.withdrawn': 'withdrawn',
  'action approvals.expired': 'expired',
  'action approvals.refused': 'approvalRefused',
  'action approvals.unknown': 'approvalUnknown',
  'action approvals.savePolicy': 'policySaved',
  'POST /api/quotas/refresh': 'quotasRefreshed',
  'POST /api/exports': 'exportStarted',
  'PUT /api/imports/mappings/[family]': 'mappingSaved',
  'POST /api/imports': 'importCreated',
  'action rejections.close': 'rejectionsClosed',
  'action rejections.dismiss': 'rejectionsDismissed',
  'POST /api/rejections/upload': 'logUploaded',
};

export function operationWords(entries: readonly Worded[], importId: string | null): OperationWords {
  const all = [...entries];
  const first = all[0];
  if (!first) return { key: 'request', values: {} };
  if (importId) {
    const sent = all.filter((e) => e.family === 'import' && e.recordType);
    const resent = all.filter((e) => e.family === 'resend' && e.recordType);
    const bulk = all.filter((e) => e.family === 'bulk' && e.recordType);
    const noun = (sent[0] ?? resent[0] ?? bulk[0])?.recordType ?? undefined;
    // A revert's chunks and its summary, which names the import it undid (lib/server/undo/revert-summary.ts).
    const reverted = all.filter((e) => e.family === 'revert');
    if (reverted.length) {
      const summary = reverted.find((e) => e.operation === 'action imports.revert');
      const rows = reverted.filter((e) => e !== summary);
      return {
        // The summary says what it undid: "reverts bulk edit 12: …" or "reverts import 12: …".
        key: summary?.outcome.startsWith('reverts bulk edit') ? 'revertedBulk' : 'reverted',
        values: { count: sum(rows), source: summary?.targetIds[0] ?? '' },
        noun: reverted[0]?.recordType ?? undefined,
      };
    }
    // A bulk edit runs as an import job: it reads as the bulk edit it was.
    if (bulk.length) return { key: 'bulk', values: { count: sum(bulk) }, noun };
    if (sent.length) return { key: 'imported', values: { count: sum(sent), id: importId }, noun };
    if (resent.length) return { key: 'resent', values: { count: sum(resent), id: importId }, noun };
    return { key: 'importPrepared', values: { id: importId } };
  }
  const e = first;
  const noun = e.recordType ?? undefined;
  if (e.family === 'outside')
    return { key: e.outcome.startsWith('no longer') ? 'outsideVanished' : 'outside', values: {}, noun };
  if (e.family === 'attention') {
    const action = e.outcome.match(/: (opened|resolved|accepted|reopened)$/)?.[1] ?? 'opened';
    return { key: `finding.${action}`, values: {}, rule: ruleOfOperation(e.operation) ?? undefined, noun };
  }
  if (e.family === 'bulk') return { key: 'bulk', values: { count: e.targetIds.length }, noun };
  if (e.operation.startsWith('account ')) {
    const kind =
      e.operation.match(
        /^account (create|set-role|disable|enable|sso-link|session-end|password-reset|two-factor-enrol|two-factor-remove|two-factor-policy|backup-code-use|backup-codes-new|passkey-add|passkey-remove)/,
      )?.[1] ?? 'other';
    const who = e.operation.match(/\(([^)]*)\)$/)?.[1] ?? '';
    return { key: `account.${kind}`, values: { who } };
  }
  if (e.operation.startsWith('action ') || / \/api\//.test(e.operation))
    return { key: `console.${CONSOLE_CALLS[e.operation] ?? 'request'}`, values: { count: e.targetIds.length } };
  const kind = operationKind(e.operation);
  const fields = (e.changes ?? []).map((c) => c.field);
  if (kind === 'pointQuota') return { key: 'changedField', values: {}, field: 'point' };
  if (kind === 'creditQuota') return { key: 'changedField', values: {}, field: 'creditLimit' };
  if (kind === 'create') return { key: 'created', values: {}, noun };
  if (noun === 'users' && fields.length === 1 && fields[0] === 'status') {
    const to = e.changes?.[0]?.to;
    return { key: to === 'Inactive' ? 'deactivated' : 'activated', values: {}, noun };
  }
  if (fields.length === 1) return { key: 'changedField', values: {}, field: fields[0]!, noun };
  if (kind === 'batch' || (e.targetIds.length > 1 && (kind === 'price' || kind === 'stock')))
    return { key: 'batch', values: { count: e.targetIds.length }, noun };
  if (kind === 'price') return { key: 'changedPrices', values: {}, noun };
  if (kind === 'stock') return { key: 'changedField', values: {}, field: 'inventoryQty', noun };
  return { key: 'edited', values: {}, noun };
}

/**
 * An operation as the audit page's filter offers it: in words, never its route (`PUT /v1/prices/batch` reads
 * "Changed prices (SKU)"). The same words as a row's where an operation has one meaning, else a general one.
 */
export function operationChoice(operation: string): OperationWords {
  const recordType = recordTypeOf(operation) ?? undefined;
  if (operation.startsWith('mirror ')) {
    const entity = operation.slice('mirror '.length);
    return { key: 'outsideAny', values: {}, noun: isRecordType(entity) ? entity : undefined };
  }
  const rule = ruleOfOperation(operation);
  if (rule) return { key: 'finding.any', values: {}, rule };
  const kind = operationKind(operation);
  if (kind === 'batch') return { key: 'batchAny', values: {}, noun: recordType };
  const entry = { operation, family: familyOf(operation), recordType: recordType ?? null, targetIds: ['1'] };
  return operationWords([{ ...entry, outcome: '', changes: null }], null);
}

/** The request id a console call recorded in its outcome (`applied (request …)`), for the details. */
export function requestIdOf(outcome: string): string | null {
  return outcome.match(/\(request ([^)\s]+)\)$/)?.[1] ?? null;
}

/** The outcome a console call recorded, without its request id (that goes in the details). */
export function outcomeWithoutRequest(outcome: string): string {
  return outcome.replace(/ \(request [^)\s]+\)$/, '');
}

/** One outcome for a group: unknown if any part is, else applied if any part was, else refused. */
export function groupResult(entries: readonly AuditEntryView[]): 'applied' | 'refused' | 'unknown' | null {
  const results = entries.map((e) => e.result).filter(Boolean);
  if (!results.length) return null;
  if (results.includes('unknown')) return 'unknown';
  return results.includes('applied') ? 'applied' : 'refused';
}
