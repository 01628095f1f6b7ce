'use client';

import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { listKeys } from '@/lib/client/query-keys';
import type { HistoryValue } from '@/lib/contract/history';
import { RecordFindings } from '@/components/attention/record-findings';
import { HistoryPanel } from './history-panel';
import { QueryState } from './query-state';
import { recordLabel } from './record-form-page';
import { RecordHeader } from './record-header';

type Named = { name: string | null; outerSysCode: string | null };

/**
 * A master-data record's page: its header (back to the list, the kind and the record's name, Edit for those
 * who may), what needs attention on it, the read's loading and failure, the record's own panels, and its History.
 */
export function RecordPage<T extends Named>({
  namespace,
  kind,
  id,
  read,
  editable,
  valueLabel,
  children,
}: {
  namespace: 'companies' | 'products' | 'skus' | 'bundles';
  /** The catalogue key naming one record of the family (`company`, `sku` …): the h1 starts with it. */
  kind: string;
  id: number;
  read: UseQueryResult<T>;
  editable: boolean;
  /** The name of what a field's value refers to by id (a salesperson, a category). */
  valueLabel?: (field: string, value: HistoryValue) => string | null | undefined;
  children: (record: T) => ReactNode;
}) {
  const t = useTranslations(namespace);
  const record = read.data;
  return (
    <div className="space-y-6">
      <RecordHeader
        list={{ href: `/${namespace}`, label: t('title') }}
        title={`${t(kind)} ${recordLabel(record, id)}`}
        editHref={record && editable ? `/${namespace}/${id}/edit` : null}
      />
      <RecordFindings resource={namespace} id={id} detailKey={listKeys[namespace].detail(id)} />
      <QueryState query={read} notFound={t('notFound')} />
      {record ? children(record) : null}
      {/* After the record, not before it: placed while the read was pending, it was pushed down the page when the
          record arrived (a layout shift). A record that cannot be read still shows what was done to it. */}
      {record || read.isError ? (
        <HistoryPanel
          type={namespace}
          id={id}
          // Under the record's detail key, so invalidating the record refreshes its history.
          detailKey={listKeys[namespace].detail(id)}
          fieldLabel={(field) => (t.has(`fields.${field}`) ? t(`fields.${field}`) : field)}
          valueLabel={valueLabel}
        />
      ) : null}
    </div>
  );
}
