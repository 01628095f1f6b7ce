'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { useCurrentUser } from '@/components/layout/current-user';
import { Badge, Card, CardContent, CardHeader, CardTitle } from '@/components/ui';
import { useRecordHistory } from '@/lib/client/history';
import { operationKind, type FieldDiff, type HistoryValue, type RecordType } from '@/lib/contract/history';
import { can } from '@/lib/contract/roles';
import { QueryState } from './query-state';
import { plainSpaces } from '@/lib/i18n/formats';

const PANEL_LIMIT = 100;

export interface HistoryPanelProps {
  type: RecordType;
  id: number;
  /** The record's detail query key, so invalidating the record refreshes its history. */
  detailKey: readonly unknown[];
  /** A field's label on this record's page; the raw field name when none is given. */
  fieldLabel?: (field: string) => string;
}

/**
 * A record's History: the writes made to it through the console (who, when, operation, outcome, and the
 * fields old → new as the person confirmed them). Stewards and admins see it for master data; back-office
 * users' history is for admins only. Other roles see nothing (the panel is not rendered).
 */
export function HistoryPanel({ type, id, detailKey, fieldLabel }: HistoryPanelProps) {
  const t = useTranslations('history');
  const format = useFormatter();
  const user = useCurrentUser();
  const allowed = type === 'users' ? can(user.role, 'manageInternalUsers') : can(user.role, 'readHistory');
  const history = useRecordHistory(type, id, detailKey, allowed);
  if (!allowed) return null;
  const headingId = `history-${type}-${id}`;
  const entries = history.data ?? [];

  const value = (v: HistoryValue | undefined) => {
    if (v === null || v === undefined || v === '') return t('emptyValue');
    return typeof v === 'object' ? JSON.stringify(v) : String(v);
  };
  const line = (c: FieldDiff) => {
    const field = fieldLabel?.(c.field) ?? c.field;
    if (c.secret) return `${field}: ${t('secret')}`;
    if (!('from' in c)) return t('changeNew', { field, to: value(c.to) });
    return t('change', { field, from: value(c.from), to: value(c.to) });
  };

  return (
    <Card aria-labelledby={headingId}>
      <CardHeader>
        <CardTitle id={headingId}>{t('title')}</CardTitle>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('intro')}</p>
      </CardHeader>
      <CardContent>
        <QueryState isPending={history.isPending} error={history.error} onRetry={() => void history.refetch()} notFound={t('empty')} lines={2} />
        {history.data && entries.length === 0 ? <p className="text-sm">{t('empty')}</p> : null}
        {entries.length > 0 ? (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{t('caption')}</caption>
              <thead>
                <tr className="text-zinc-700 dark:text-zinc-300">
                  <th scope="col" className="py-1.5 pr-3 font-medium">{t('when')}</th>
                  <th scope="col" className="py-1.5 pr-3 font-medium">{t('who')}</th>
                  <th scope="col" className="py-1.5 pr-3 font-medium">{t('operation')}</th>
                  <th scope="col" className="py-1.5 pr-3 font-medium">{t('outcome')}</th>
                  <th scope="col" className="py-1.5 font-medium">{t('changes')}</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-zinc-200 align-top dark:divide-zinc-800">
                {entries.map((entry) => (
                  <tr key={entry.id}>
                    <td className="whitespace-nowrap py-1.5 pr-3">
                      <time dateTime={entry.at}>{plainSpaces(format.dateTime(new Date(entry.at), 'dateTime'))}</time>
                    </td>
                    <td className="py-1.5 pr-3">{entry.userEmail}</td>
                    <td className="whitespace-nowrap py-1.5 pr-3" title={entry.operation}>
                      {t(`operations.${operationKind(entry.operation)}`)}
                    </td>
                    <td className="py-1.5 pr-3">
                      {entry.result ? (
                        <Badge tone={entry.result === 'applied' ? 'success' : entry.result === 'unknown' ? 'danger' : 'warning'}>
                          {t(`results.${entry.result}`)}
                        </Badge>
                      ) : null}{' '}
                      <span className="text-xs text-zinc-600 dark:text-zinc-400">{entry.outcome}</span>
                    </td>
                    <td className="py-1.5 break-words">
                      {entry.changes === null ? (
                        <span className="text-zinc-600 dark:text-zinc-400">{t('noFieldChanges')}</span>
                      ) : (
                        <ul>
                          {entry.changes.map((c) => (
                            <li key={c.field}>{line(c)}</li>
                          ))}
                        </ul>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            {entries.length >= PANEL_LIMIT ? <p className="mt-2 text-xs">{t('limited', { count: PANEL_LIMIT })}</p> : null}
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}
