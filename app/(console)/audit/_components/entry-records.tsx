'use client';

import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { ChangeList } from '@/components/record/change-list';
import { FindingText } from '@/components/record/finding-text';
import { SyncClosureText } from '@/components/record/sync-closure';
import { Badge } from '@/components/ui';
import { Table, TBody, Td, THead, Tr } from '@/components/ui/table';
import { consoleFetch } from '@/lib/client/console-fetch';
import type { EntryChange } from '@/lib/contract/console/audit';
import { refName } from '@/lib/contract/history';

// The endpoint entries carry the server's zod schemas: they load with the first call, not with the page.
const audit = () => import('@/lib/contract/console/audit').then((m) => m.auditApi);

/**
 * An audit entry's records, read when the person opens it: a 200-row import chunk expands to its 200 rows,
 * each with its record, outcome and fields old → new.
 */
export function EntryRecords({
  auditId,
  count,
  label,
}: {
  auditId: string;
  count: number;
  /** Which part of an import (its attempt and chunk). */ label?: string;
}) {
  const t = useTranslations('audit');
  const th = useTranslations('history');
  const [state, setState] = useState<{ rows: EntryChange[] } | 'loading' | 'failed' | null>(null);

  async function load() {
    if (state && state !== 'failed') return;
    setState('loading');
    try {
      setState({ rows: (await consoleFetch((await audit()).changes, { params: { id: auditId } })).changes });
    } catch {
      setState('failed');
    }
  }

  return (
    <details className="mt-1 text-xs" onToggle={(e) => (e.currentTarget.open ? void load() : undefined)}>
      <summary className="min-h-6 cursor-pointer py-0.5 text-blue-700 underline underline-offset-2 dark:text-blue-400">
        {label ? `${label}: ` : ''}
        {t('showRecords', { count })}
      </summary>
      {state === 'loading' ? <p role="status">{t('loadingRecords')}</p> : null}
      {state === 'failed' ? <p role="alert">{t('recordsFailed')}</p> : null}
      {state && typeof state === 'object' ? (
        <Table variant="plain" caption={t('recordsCaption')} className="mt-1 text-xs">
          <THead columns={[t('row'), t('record'), t('outcome'), th('changes')]} />
          <TBody className="align-top">
            {state.rows.map((r, i) => (
              <Tr key={`${r.recordId}-${r.rowNo ?? i}`}>
                <Td>{r.rowNo === null ? '' : r.rowNo + 1}</Td>
                <Td>
                  {/^[1-9][0-9]*$/.test(r.recordId) ? (
                    <Link
                      href={`/${r.recordType}/${r.recordId}`}
                      title={`#${r.recordId}`}
                      className="text-blue-700 underline underline-offset-2 dark:text-blue-400"
                    >
                      {refName(r.label ?? undefined) ?? r.recordId}
                    </Link>
                  ) : (
                    r.recordId.replace(/^code:/, '')
                  )}
                </Td>
                <Td>
                  {r.result ? (
                    <Badge tone={r.result === 'applied' ? 'success' : r.result === 'unknown' ? 'danger' : 'warning'}>
                      {th(`results.${r.result}`)}
                    </Badge>
                  ) : null}{' '}
                  {r.action && ['created', 'updated', 'vanished', 'returned'].includes(r.action)
                    ? th(`actions.${r.action}`)
                    : null}
                </Td>
                <Td>
                  {r.source === 'attention' && r.finding ? (
                    <FindingText action={r.action} finding={r.finding} />
                  ) : r.source === 'sync' && r.finding ? (
                    <SyncClosureText finding={r.finding} />
                  ) : r.changes ? (
                    <ChangeList
                      changes={r.changes}
                      oldRead={r.oldRead || r.action === 'created'}
                      unchanged={r.unchanged ?? 0}
                    />
                  ) : r.source === 'outside' && (r.action === 'vanished' || r.action === 'returned') ? (
                    th(`outside.${r.action}Detail`)
                  ) : (
                    th('nothingChanged')
                  )}
                </Td>
              </Tr>
            ))}
          </TBody>
        </Table>
      ) : null}
    </details>
  );
}
