import 'server-only';
import type { ComponentType } from 'react';
import { ListPage, type PageSearchParams } from '@/components/data-table/list-page';
import { listKeys } from '@/lib/client/query-keys';
import { prefetchList } from './prefetch-list';

/** The master-data families whose list page is just the list: each name is its list, its catalogue and its path. */
type PlainList = 'companies' | 'products' | 'skus' | 'bundles';

/**
 * A master-data list page: the view in the URL read on the server (with the lookups the list shows by name),
 * then the list, hydrated with it.
 */
export function listRoute<L extends PlainList>(
  list: L,
  List: ComponentType,
  lookups?: { users?: boolean; categories?: boolean },
) {
  return async function ListRoute({ searchParams }: { searchParams: PageSearchParams }) {
    const prefetched = await prefetchList(list, await searchParams, listKeys[list].list, lookups);
    return (
      <ListPage namespace={list} prefetched={prefetched}>
        <List />
      </ListPage>
    );
  };
}
