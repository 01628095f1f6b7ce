import Link from 'next/link';
import { useFormatter, useTranslations } from 'next-intl';
import { ChangeList, OutcomeDetail } from '@/components/record/change-list';
import { OutsideDetected } from '@/components/record/outside-change';
import { Badge } from '@/components/ui/badge';
import { Td, Tr } from '@/components/ui/table';
import { OUTSIDE_OUTCOMES, refName, type RefLabel } from '@/lib/contract/history';
import { proposalRecordOf } from '@/lib/contract/proposal-record';
import { ProposalStepText } from '@/components/record/proposal-step';
import type { AuditGroup } from '@/lib/server/audit';
import type { AuditEntryView } from '@/lib/server/audit';
import { groupResult, operationWords, outcomeWithoutRequest } from '@/lib/server/audit';
import { recordKey } from '@/lib/server/audit';
import { plainSpaces } from '@/lib/i18n/formats';
import { EntryDetails } from './entry-details';
import { whatText } from './what-text';
import { EntryRecords } from './entry-records';

/** Records shown per row; the rest are counted. */
const TARGETS_SHOWN = 10;

const link = 'text-blue-700 underline underline-offset-2 dark:text-blue-400';

/**
 * One entry of the audit log as a person reads it: when, who, what was done in words, which records (by code
 * and name), and the outcome. An import is one row with its calls inside; the routes, HTTP statuses and request
 * ids are folded into its details.
 */
export function AuditRow({
  group,
  names,
  canRevert,
}: {
  group: AuditGroup;
  names: Map<string, RefLabel>;
  /** The person may run imports: a bulk edit that applied rows offers its revert (issue 56 point 3). */
  canRevert: boolean;
}) {
  const t = useTranslations('audit');
  const th = useTranslations('history');
  const ta = useTranslations('attention');
  const format = useFormatter();
  const entries = group.entries;
  const last = entries[entries.length - 1]!;
  const first = entries[0]!;
  const outside = first.family === 'outside';
  const words = operationWords(entries, group.importId);
  const what = whatText(words, t, th, ta);
  const result = groupResult(entries);
  const person = entries.find((e) => e.userEmail)?.userEmail ?? '';
  const who = outside ? th('outside.who') : person || (first.family === 'attention' ? t('checksWho') : '');
  const single = group.importId ? null : first;
  const bulk = entries.some((e) => e.family === 'bulk');
  // "Applied" once: the badge says it, the detail only what it adds (created, updated, a refusal's reason).
  const detail = single ? outcomeWithoutRequest(single.outcome) : null;
  // A proposal's step is told in words from its record, not by the log's English.
  const proposal = single ? proposalRecordOf(single.changes) : null;
  const detailShown =
    single &&
    !proposal &&
    single.family !== 'attention' &&
    detail !== result &&
    !(outside && single.outcome === OUTSIDE_OUTCOMES.changed);
  return (
    <Tr className="align-top">
      <Td className="whitespace-nowrap">
        {/* The date over the time: the table keeps room for its Details column at 1280 px. */}
        <time dateTime={last.at}>
          <span className="block">{plainSpaces(format.dateTime(new Date(last.at), 'date'))}</span>
          <span className="block text-xs">{plainSpaces(format.dateTime(new Date(last.at), 'timeSeconds'))}</span>
        </time>
      </Td>
      <Td>{who}</Td>
      <Td className="min-w-40">
        <span className="block font-medium">{what}</span>
        <span className="block text-xs">{t(`families.${first.family}`)}</span>
        {single?.restored ? (
          <span className="block text-xs">
            {th(single.result === 'applied' ? 'restoredFrom' : 'restoreTried', {
              when: plainSpaces(format.dateTime(new Date(single.restored.at), 'dateTime')),
              who: single.restored.userEmail || th('outside.who'),
            })}
          </span>
        ) : null}
        {group.importId ? (
          <Link href={`/imports/${group.importId}`} className={`flex min-h-6 items-center text-xs ${link}`}>
            {t(bulk ? 'openBulkResults' : 'openResults', { id: group.importId })}
          </Link>
        ) : null}
        {canRevert && group.importId && entries.some((e) => e.family === 'bulk' && e.result === 'applied') ? (
          <Link
            href={`/imports/${group.importId}/revert`}
            className={`flex min-h-6 items-center text-xs ${link}`}
            aria-label={t('revertBulkFor', { id: group.importId })}
          >
            {t('revertBulk')}
          </Link>
        ) : null}
      </Td>
      <Td className="min-w-40">
        {single ? <Targets entry={single} names={names} /> : null}
        {group.importId
          ? entries
              .filter((e) => e.recordType && e.targetIds.length)
              .map((e) => (
                <EntryRecords
                  key={e.id}
                  auditId={e.id}
                  count={e.targetIds.length}
                  label={[
                    e.attempt ? t('attempt', { attempt: e.attempt }) : '',
                    e.chunk !== null ? t('chunk', { chunk: e.chunk + 1 }) : '',
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                />
              ))
          : null}
      </Td>
      <Td>
        {outside ? (
          <Badge tone="info">{t('foundByMirror')}</Badge>
        ) : result && first.family !== 'attention' ? (
          <Badge tone={result === 'applied' ? 'success' : result === 'unknown' ? 'danger' : 'warning'}>
            {t(`results.${result}`)}
          </Badge>
        ) : null}{' '}
        {detailShown && detail ? <OutcomeDetail outcome={detail} /> : null}
        {single?.window ? (
          <p className="text-xs">
            <OutsideDetected at={single.at} window={single.window} />
          </p>
        ) : null}
        {single?.family === 'outside' &&
        single.targetIds.length === 1 &&
        single.outcome === OUTSIDE_OUTCOMES.vanished ? (
          <p className="text-xs">{th('outside.vanishedDetail')}</p>
        ) : null}
        {single?.failedIds?.length ? (
          <p className="text-xs">{t('failedIds', { ids: single.failedIds.slice(0, TARGETS_SHOWN).join(', ') })}</p>
        ) : null}
        {single?.unknownIds?.length ? (
          <p className="text-xs">{t('unknownIds', { ids: single.unknownIds.slice(0, TARGETS_SHOWN).join(', ') })}</p>
        ) : null}
        {proposal ? (
          <div className="mt-1 text-xs">
            <ProposalStepText record={proposal} />
          </div>
        ) : single && (single.targetIds.length > 1 || single.family === 'attention') ? (
          <EntryRecords auditId={single.id} count={single.targetIds.length} />
        ) : single?.changes?.length && single.result !== 'refused' ? (
          <div className="mt-1 text-xs">
            <ChangeList
              changes={single.changes}
              oldRead={single.changes.some((c) => 'from' in c) || single.outcome === 'created'}
            />
          </div>
        ) : null}
      </Td>
      <Td>
        <EntryDetails entries={entries} />
      </Td>
    </Tr>
  );
}

/** The records of one entry by code and name, each linking to its page; the id on hover. */
function Targets({ entry, names }: { entry: AuditEntryView; names: Map<string, RefLabel> }) {
  const t = useTranslations('audit');
  const type = entry.recordType;
  const shown = entry.targetIds.slice(0, TARGETS_SHOWN);
  const more = entry.targetIds.length - shown.length;
  if (!shown.length) return <>{t('noTargets')}</>;
  return (
    <span className="flex flex-col gap-0.5">
      {shown.map((id) => {
        const name = type ? refName(names.get(recordKey(type, id))) : null;
        return type && /^[1-9][0-9]*$/.test(id) ? (
          // At least 24 px high: a short id alone is too small a target (WCAG 2.5.8, axe target-size).
          <Link
            key={id}
            href={`/${type}/${id}`}
            title={`#${id}`}
            className={`inline-flex min-h-6 items-center ${link}`}
          >
            {name ?? id}
          </Link>
        ) : (
          <span key={id}>{id.replace(/^code:/, '')}</span>
        );
      })}
      {more > 0 ? <span>{t('moreTargets', { count: more })}</span> : null}
    </span>
  );
}
