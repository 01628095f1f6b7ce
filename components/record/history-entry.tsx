'use client';

import Link from 'next/link';
import { useFormatter, useTranslations } from 'next-intl';
import { Badge } from '@/components/ui';
import {
  findingHeading,
  operationKind,
  outsideHeading,
  syncHeading,
  type HistoryEntry,
  type HistoryValue,
} from '@/lib/contract/history';
import { proposalRecordOf } from '@/lib/contract/proposal-record';
import { plainSpaces } from '@/lib/i18n/formats';
import { ChangeList, OutcomeDetail } from './change-list';
import { FindingRule } from './finding-rule';
import { FindingText } from './finding-text';
import { OutsideDetected } from './outside-change';
import { ProposalStepHeading, ProposalStepText } from './proposal-step';
import { SyncClosureText } from './sync-closure';

/** How a record's page names its fields and the values that refer to other records by id. */
export interface HistoryLabels {
  /** A field's label on this record's page; the raw field name when none is given. */
  fieldLabel?: (field: string) => string;
  /** The name of what a field's value refers to by id (a salesperson, a category, a role). */
  valueLabel?: (field: string, value: HistoryValue) => string | null | undefined;
}

type Labels = HistoryLabels;

/** One History entry's parts, shared by the desk's table row and the phone's stacked card. */

export function EntryWhen({ entry }: { entry: HistoryEntry }) {
  const format = useFormatter();
  return <time dateTime={entry.at}>{plainSpaces(format.dateTime(new Date(entry.at), 'dateTime'))}</time>;
}

export function EntryWho({ entry }: { entry: HistoryEntry }) {
  const t = useTranslations('history');
  if (entry.source === 'outside') return <>{t('outside.who')}</>;
  if (entry.source === 'attention' && !entry.userEmail) return <>{t('findings.who')}</>;
  if (entry.source === 'sync' && !entry.userEmail) return <>{t('sync.who')}</>;
  return <>{entry.userEmail}</>;
}

/**
 * How: a batch sent by the job runtime says how (bulk edit, import, resend); a change found outside the console
 * what happened (changed, no longer returned, returned); a single write by its operation.
 */
export function EntryHow({ entry }: { entry: HistoryEntry }) {
  const t = useTranslations('history');
  if (entry.restores) return <RestoredFrom restores={entry.restores} applied={entry.result === 'applied'} />;
  const proposal = proposalRecordOf(entry.changes);
  if (proposal) return <ProposalStepHeading record={proposal} />;
  const how =
    entry.source === 'attention'
      ? t(`findings.${findingHeading(entry.action)}`)
      : entry.source === 'sync'
        ? t(`sync.${syncHeading(entry.action)}`)
        : entry.source === 'outside'
          ? t(`outside.${outsideHeading(entry.action)}`)
          : entry.revertsBulkEdit
            ? t('sources.revertBulk')
            : entry.importId && entry.source && entry.source !== 'form' && entry.source !== 'panel'
              ? t(`sources.${entry.source}`)
              : t(`operations.${operationKind(entry.operation)}`);
  return (
    <>
      <span className="whitespace-nowrap">{how}</span>
      {entry.source === 'attention' ? <FindingRule operation={entry.operation} /> : null}
      {entry.revertsImportId ? (
        <>
          {' '}
          <Link
            href={`/imports/${entry.revertsImportId}`}
            className="text-blue-700 underline underline-offset-2 dark:text-blue-400"
          >
            {t(entry.revertsBulkEdit ? 'revertedFromBulk' : 'revertedFrom', { id: entry.revertsImportId })}
          </Link>
        </>
      ) : null}
      {entry.importId ? (
        <>
          {' '}
          <Link
            href={`/imports/${entry.importId}`}
            className="text-blue-700 underline underline-offset-2 dark:text-blue-400"
          >
            {entry.revertsImportId ? t('revertResults') : t('openResults', { id: entry.importId })}
          </Link>
          {entry.attempt ? <span className="block text-xs">{t('attempt', { attempt: entry.attempt })}</span> : null}
        </>
      ) : null}
    </>
  );
}

/** A restore's heading: the entry whose old values it put back, linked (the row of this same History). */
function RestoredFrom({ restores, applied }: { restores: NonNullable<HistoryEntry['restores']>; applied: boolean }) {
  const t = useTranslations('history');
  const format = useFormatter();
  const who = restores.userEmail || (restores.source === 'outside' ? t('outside.who') : t('findings.who'));
  return (
    <a href={`#change-${restores.changeId}`} className="text-blue-700 underline underline-offset-2 dark:text-blue-400">
      {/* A refused or unknown save is never told as restored: its outcome says what is known. */}
      {t(applied ? 'restoredFrom' : 'restoreTried', {
        when: plainSpaces(format.dateTime(new Date(restores.at), 'dateTime')),
        who,
      })}
    </a>
  );
}

/**
 * "Restore earlier values": offered on an entry that changed fields of a master-data record (not on a refused
 * write, a finding, a closed rejection or a proposal's step, which changed nothing, nor on a create), to those who
 * may edit it.
 */
export function restorable(entry: HistoryEntry): boolean {
  if (entry.result === 'refused' || entry.source === 'attention' || entry.source === 'sync') return false;
  // A proposal's step changed nothing on the platform (the write an approval sent is an entry of its own).
  if (entry.operation.startsWith('action approvals.') || proposalRecordOf(entry.changes)) return false;
  // A create had nothing before it to go back to (/v1 has no delete).
  if (entry.action === 'created') return false;
  return Boolean(entry.changes?.some((c) => !c.secret));
}

export function RestoreLink({ href }: { href: string }) {
  const t = useTranslations('history');
  return (
    <Link href={href} className="mt-1 inline-block text-blue-700 underline underline-offset-2 dark:text-blue-400">
      {t('restoreAction')}
    </Link>
  );
}

export function EntryOutcome({ entry }: { entry: HistoryEntry }) {
  const t = useTranslations('history');
  if (entry.source === 'attention' || entry.source === 'sync') return null;
  // A proposal's step is told in words under Changes; the log's English would only repeat it.
  if (proposalRecordOf(entry.changes)) return null;
  if (entry.source === 'outside' && entry.window)
    return (
      <span className="text-xs">
        <OutsideDetected at={entry.at} window={entry.window} />
      </span>
    );
  return (
    <>
      {entry.result ? (
        <Badge tone={entry.result === 'applied' ? 'success' : entry.result === 'unknown' ? 'danger' : 'warning'}>
          {t(`results.${entry.result}`)}
        </Badge>
      ) : null}{' '}
      <span className="text-xs text-zinc-600 dark:text-zinc-400">
        <OutcomeDetail outcome={entry.outcome} action={entry.action} />
      </span>
    </>
  );
}

export function EntryChanges({ entry, fieldLabel, valueLabel }: { entry: HistoryEntry } & Labels) {
  const t = useTranslations('history');
  // A finding is told as one (found, resolved…), never as field changes that would read as an erasure.
  if (entry.source === 'attention' && entry.finding)
    return <FindingText action={entry.action} finding={entry.finding} fieldLabel={fieldLabel} />;
  if (entry.source === 'sync' && entry.finding)
    return <SyncClosureText finding={entry.finding} fieldLabel={fieldLabel} />;
  const proposal = proposalRecordOf(entry.changes);
  if (proposal) return <ProposalStepText record={proposal} />;
  /** An outside change with no field to list: gone from the service, or back unchanged. */
  const noFields =
    entry.source === 'outside' && entry.action !== 'updated'
      ? t(entry.action === 'vanished' ? 'outside.vanishedDetail' : 'outside.returnedDetail')
      : entry.result === 'refused'
        ? t('nothingChanged')
        : t('noFieldChanges');
  return (
    <>
      {entry.action === 'created' && entry.source && entry.source !== 'form' ? (
        <p>{t('createdBy', { source: t(`sources.${entry.source}`) })}</p>
      ) : null}
      {entry.changes === null ? (
        <span className="text-zinc-600 dark:text-zinc-400">{noFields}</span>
      ) : (
        <ChangeList
          changes={entry.changes}
          oldRead={(entry.oldRead ?? true) || entry.action === 'created'}
          unchanged={entry.unchanged ?? 0}
          fieldLabel={fieldLabel}
          valueLabel={valueLabel}
        />
      )}
    </>
  );
}

/**
 * A phone's History entry: what happened and its outcome, who and when under it, then the fields old → new,
 * stacked so nothing sits off-screen in a sideways table.
 */
export function EntryCard({
  entry,
  restoreHref,
  ...labels
}: { entry: HistoryEntry; restoreHref?: string | null } & Labels) {
  return (
    <li
      id={`change-${entry.id}`}
      className="space-y-1 rounded-md border border-zinc-200 p-3 text-sm dark:border-zinc-800"
    >
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 font-medium">
        <EntryHow entry={entry} />
      </p>
      <p className="text-xs text-zinc-600 dark:text-zinc-400">
        <EntryWho entry={entry} /> · <EntryWhen entry={entry} />
      </p>
      <div>
        <EntryOutcome entry={entry} />
      </div>
      <div className="break-words">
        <EntryChanges entry={entry} {...labels} />
      </div>
      {restoreHref ? <RestoreLink href={restoreHref} /> : null}
    </li>
  );
}
