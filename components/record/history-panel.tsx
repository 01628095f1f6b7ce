'use client';

import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { useCurrentUser } from '@/components/session/current-user';
import { Button } from '@/components/ui';
import { CollapsibleCard } from '@/components/ui/collapsible-card';
import { Table, TBody, Td, THead, Tr } from '@/components/ui/table';
import { useRecordHistory } from '@/lib/client/history';
import { RESTORE_TYPES, type HistoryEntry, type RecordType, type RestoreType } from '@/lib/contract/history';
import { can } from '@/lib/contract/roles';
import {
  EntryCard,
  EntryChanges,
  EntryHow,
  EntryOutcome,
  EntryWhen,
  EntryWho,
  restorable,
  RestoreLink,
  type HistoryLabels,
} from './history-entry';
import { QueryState } from './query-state';
import { isPhoneWidth, usePhone } from './use-phone';

export interface HistoryPanelProps extends HistoryLabels {
  type: RecordType;
  id: number;
  /** The record's detail query key, so invalidating the record refreshes its history. */
  detailKey: readonly unknown[];
  /** Folded on a phone until its title is tapped (the default: History comes after a page's first two sections). */
  folded?: boolean;
}

/**
 * A record's History: every write made to it through the console, whatever sent it (a form, a panel, a bulk
 * edit, an import, a resend): who, when, how, the outcome, and the fields old → new where the console read
 * the old value; beside them, the changes the mirror found made outside the console, old → new, with when
 * they happened (between two passes), and a record the service no longer returns. Stewards and admins see it for master data; back-office users' history is for admins only.
 * Other roles see nothing (the panel is not rendered).
 */
export function HistoryPanel({ type, id, detailKey, fieldLabel, valueLabel, folded = true }: HistoryPanelProps) {
  const t = useTranslations('history');
  const user = useCurrentUser();
  const phone = usePhone();
  const allowed = type === 'users' ? can(user.role, 'manageInternalUsers') : can(user.role, 'readHistory');
  const [opened, setOpened] = useState(!folded);
  // Folded on a phone, the entries are read once the section is opened: read with the page, they loaded the
  // contract's schemas inside a phone's first seconds. usePhone above re-renders this when the width changes.
  const history = useRecordHistory(type, id, detailKey, allowed && (opened || !isPhoneWidth()));
  if (!allowed) return null;
  const entries = history.data?.pages.flatMap((p) => p.entries) ?? [];
  const labels = { fieldLabel, valueLabel };
  // "Restore earlier values" opens the record's edit page with the entry's restore panel (issue 56 point 2).
  const restores = (RESTORE_TYPES as readonly string[]).includes(type) && can(user.role, 'editMasterData');
  const restoreHref = (entry: HistoryEntry) =>
    restores && restorable(entry) ? `/${type as RestoreType}/${id}/edit?restore=${entry.id}` : null;
  const link = 'text-blue-700 underline underline-offset-2 dark:text-blue-400';

  return (
    <CollapsibleCard
      id={`history-${type}-${id}`}
      title={t('title')}
      folded={folded}
      onOpenChange={setOpened}
      intro={
        <>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('intro')}</p>
          <p className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
            <a href={`/api/audit/export?kind=history&type=${type}&id=${id}&format=xlsx`} download className={link}>
              {t('exportXlsx')}
            </a>
            <a href={`/api/audit/export?kind=history&type=${type}&id=${id}`} download className={link}>
              {t('export')}
            </a>
          </p>
        </>
      }
    >
      {/* Folded and unread on a phone there is no read to show the state of (a skeleton would say busy for ever). */}
      {opened || !phone ? <QueryState query={history} notFound={t('empty')} lines={2} /> : null}
      {history.data && entries.length === 0 ? <p className="text-sm">{t('empty')}</p> : null}
      {entries.length > 0 ? (
        <div>
          {phone ? (
            <ol aria-label={t('caption')} className="space-y-3">
              {entries.map((entry) => (
                <EntryCard key={entry.id} entry={entry} restoreHref={restoreHref(entry)} {...labels} />
              ))}
            </ol>
          ) : (
            <Table variant="plain" caption={t('caption')}>
              <THead columns={[t('when'), t('who'), t('operation'), t('outcome'), t('changes')]} />
              <TBody className="align-top">
                {entries.map((entry) => {
                  const href = restoreHref(entry);
                  return (
                    <Tr key={entry.id} id={`change-${entry.id}`}>
                      <Td className="whitespace-nowrap">
                        <EntryWhen entry={entry} />
                      </Td>
                      <Td>
                        <EntryWho entry={entry} />
                      </Td>
                      <Td>
                        <EntryHow entry={entry} />
                      </Td>
                      <Td>
                        <EntryOutcome entry={entry} />
                      </Td>
                      <Td className="break-words">
                        <EntryChanges entry={entry} {...labels} />
                        {href ? <RestoreLink href={href} /> : null}
                      </Td>
                    </Tr>
                  );
                })}
              </TBody>
            </Table>
          )}
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
    </CollapsibleCard>
  );
}
