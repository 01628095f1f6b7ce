'use client';

import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { useCurrentUser } from '@/components/session/current-user';
import { LinkButton } from '@/components/ui';
import type { ListName } from '@/lib/contract/lists';
import { can } from '@/lib/contract/roles';
import { ListView, type ListViewProps } from './list-view';

/** The master-data families with a list page; each name is its catalogue namespace, its path and its table id. */
export type RecordListNamespace = 'companies' | 'products' | 'skus' | 'bundles' | 'users';

export interface RecordListProps<L extends ListName> extends Pick<
  ListViewProps<L>,
  'list' | 'columns' | 'filterFields' | 'filterExtra'
> {
  /** The family's catalogue: its `title` captions the table, its `new` names the create link. */
  namespace: RecordListNamespace;
  /** Bulk edit (useBulkEdit): the selection column, and its action before the create link. */
  bulk?: {
    withSelection: ListViewProps<L>['withSelection'];
    selection?: ListViewProps<L>['selection'];
    action: ReactNode;
  };
}

/** A master-data list page's body: the list with its CSV export, and the create link for roles that may edit master data. */
export function RecordList<L extends ListName>({ namespace, bulk, ...view }: RecordListProps<L>) {
  const t = useTranslations(namespace);
  const user = useCurrentUser();
  return (
    <ListView
      {...view}
      withSelection={bulk?.withSelection}
      selection={bulk?.selection}
      tableId={namespace}
      userId={user.id}
      caption={t('title')}
      csvFileBase={namespace}
      actions={
        <>
          {bulk?.action}
          {can(user.role, 'editMasterData') ? (
            // Not prefetched: decoding the form page's payload was the second longest task of a phone's first load
            // of a list (issue 46); the form opens in one round trip when asked for.
            <LinkButton href={`/${namespace}/new`} prefetch={false} size="sm" variant="primary">
              {t('new')}
            </LinkButton>
          ) : null}
        </>
      }
    />
  );
}
