'use client';

import Link from 'next/link';
import { useFormatter, useTranslations } from 'next-intl';
import { useCurrentUser } from '@/components/session/current-user';
import { Badge, Button, Card, CardContent, CardHeader, CardTitle } from '@/components/ui';
import { useRecordHistory } from '@/lib/client/history';
import {
  operationKind,
  findingHeading,
  outsideHeading,
  type HistoryEntry,
  type HistoryValue,
  type RecordType,
} from '@/lib/contract/history';
import { can } from '@/lib/contract/roles';
import { ChangeList, OutcomeDetail } from './change-list';
import { FindingRule } from './finding-rule';
import { OutsideDetected } from './outside-change';
import { QueryState } from './query-state';
import { plainSpaces } from '@/lib/i18n/formats';
import { Table, TBody, Td, THead, Tr } from '@/components/ui/table';

export interface HistoryPanelProps {
  type: RecordType;
  id: number;
  /** The record's detail query key, so invalidating the record refreshes its history. */
  detailKey: readonly unknown[];
  /** A field's label on this record's page; the raw field name when none is given. */
  fieldLabel?: (field: string) => string;
  /** The name of what a field's value refers to by id (a salesperson, a category, a role). */
  valueLabel?: (field: string, value: HistoryValue) => string | null | undefined;
}

/**
 * A record's History: every write made to it through the console, whatever sent it (a form, a panel, a bulk
 * edit, an import, a resend): who, when, how, the outcome, and the fields old → new where the console read
 * the old value; beside them, the changes the mirror found made outside the console, old → new, with when
 * they happened (between two passes), and a record the service no longer returns. Stewards and admins see it for master data; back-office users' history is for admins only.
 * Other roles see nothing (the panel is not rendered).
 */
export function HistoryPanel({ type, id, detailKey, fieldLabel, valueLabel }: HistoryPanelProps) {
  const t = useTranslations('history');
  const format = useFormatter();
  const user = useCurrentUser();
  const allowed = type === 'users' ? can(user.role, 'manageInternalUsers') : can(user.role, 'readHistory');
  const history = useRecordHistory(type, id, detailKey, allowed);
  if (!allowed) return null;
  const headingId = `history-${type}-${id}`;
  const entries = history.data?.pages.flatMap((p) => p.entries) ?? [];

  /**
   * A batch sent by the job runtime says how (bulk edit, import, resend); a change found outside the console
   * what happened (changed, no longer returned, returned); a single write by its operation.
   */
  const how = (entry: HistoryEntry) =>
    entry.source === 'attention'
      ? t(`findings.${findingHeading(entry.action)}`)
      : entry.source === 'outside'
        ? t(`outside.${outsideHeading(entry.action)}`)
        : entry.importId && entry.source && entry.source !== 'form' && entry.source !== 'panel'
          ? t(`sources.${entry.source}`)
          : t(`operations.${operationKind(entry.operation)}`);
  /** An outside change with no field to list: gone from the service, or back unchanged. */
  const noFields = (entry: HistoryEntry) =>
    entry.source === 'outside' && entry.action !== 'updated'
      ? t(entry.action === 'vanished' ? 'outside.vanishedDetail' : 'outside.returnedDetail')
      : entry.result === 'refused'
        ? t('nothingChanged')
        : t('noFieldChanges');

  return (
    <Card aria-labelledby={headingId}>
      <CardHeader>
        <CardTitle id={headingId}>{t('title')}</CardTitle>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('intro')}</p>
        <p className="flex flex-wrap gap-x-4 text-sm">
          <a
            href={`/api/audit/export?kind=history&type=${type}&id=${id}&format=xlsx`}
            download
            className="text-blue-700 underline underline-offset-2 dark:text-blue-400"
          >
            {t('exportXlsx')}
          </a>
          <a
            href={`/api/audit/export?kind=history&type=${type}&id=${id}`}
            download
            className="text-blue-700 underline underline-offset-2 dark:text-blue-400"
          >
            {t('export')}
          </a>
        </p>
      </CardHeader>
      <CardContent>
        <QueryState query={history} notFound={t('empty')} lines={2} />
        {history.data && entries.length === 0 ? <p className="text-sm">{t('empty')}</p> : null}
        {entries.length > 0 ? (
          <div>
            <Table variant="plain" caption={t('caption')}>
              <THead columns={[t('when'), t('who'), t('operation'), t('outcome'), t('changes')]} />
              <TBody className="align-top">
                {entries.map((entry) => (
                  <Tr key={entry.id}>
                    <Td className="whitespace-nowrap">
                      <time dateTime={entry.at}>{plainSpaces(format.dateTime(new Date(entry.at), 'dateTime'))}</time>
                    </Td>
                    <Td>
                      {entry.source === 'outside'
                        ? t('outside.who')
                        : entry.source === 'attention' && !entry.userEmail
                          ? t('findings.who')
                          : entry.userEmail}
                    </Td>
                    <Td title={entry.operation}>
                      <span className="whitespace-nowrap">{how(entry)}</span>
                      {entry.source === 'attention' ? <FindingRule operation={entry.operation} /> : null}
                      {entry.importId ? (
                        <>
                          {' '}
                          <Link
                            href={`/imports/${entry.importId}`}
                            className="text-blue-700 underline underline-offset-2 dark:text-blue-400"
                          >
                            {t('openResults', { id: entry.importId })}
                          </Link>
                          {entry.attempt ? (
                            <span className="block text-xs">{t('attempt', { attempt: entry.attempt })}</span>
                          ) : null}
                        </>
                      ) : null}
                    </Td>
                    <Td>
                      {entry.source === 'attention' ? null : entry.source === 'outside' && entry.window ? (
                        <span className="text-xs">
                          <OutsideDetected at={entry.at} window={entry.window} />
                        </span>
                      ) : (
                        <>
                          {entry.result ? (
                            <Badge
                              tone={
                                entry.result === 'applied'
                                  ? 'success'
                                  : entry.result === 'unknown'
                                    ? 'danger'
                                    : 'warning'
                              }
                            >
                              {t(`results.${entry.result}`)}
                            </Badge>
                          ) : null}{' '}
                          <span className="text-xs text-zinc-600 dark:text-zinc-400">
                            <OutcomeDetail outcome={entry.outcome} action={entry.action} />
                          </span>
                        </>
                      )}
                    </Td>
                    <Td className="break-words">
                      {entry.action === 'created' && entry.source && entry.source !== 'form' ? (
                        <p>{t('createdBy', { source: t(`sources.${entry.source}`) })}</p>
                      ) : null}
                      {entry.changes === null ? (
                        <span className="text-zinc-600 dark:text-zinc-400">{noFields(entry)}</span>
                      ) : (
                        <ChangeList
                          changes={entry.changes}
                          oldRead={(entry.oldRead ?? true) || entry.action === 'created'}
                          fieldLabel={fieldLabel}
                          valueLabel={valueLabel}
                        />
                      )}
                    </Td>
                  </Tr>
                ))}
              </TBody>
            </Table>
            {history.hasNextPage ? (
              <Button
                className="mt-2"
                size="sm"
                variant="secondary"
                pending={history.isFetchingNextPage}
                onClick={() => void history.fetchNextPage()}
              >
                {t('showOlder')}
              </Button>
            ) : null}
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
