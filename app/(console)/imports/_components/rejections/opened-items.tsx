'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { useMemo } from 'react';
import { loadLater } from '@/lib/client/load-later';
import type { RejectionItems } from '@/lib/contract/console/rejection-types';
import { FAMILY_COLUMNS } from '@/lib/imports/family-columns';
import { syncReadOf } from '@/lib/imports/failed-sync';
import { plainSpaces } from '@/lib/i18n/formats';

/** The workbench's grid, live check, review and resend (../sync-items) load when rows are opened, not with the page. */
const syncItems = loadLater(() => import('../sync-items'));

/**
 * Rejections opened in the fix grid: the ERP's own items as it sent them, with the errors its answer gave, in the
 * same grid, checks, predictions, review and resend as a pasted failed sync. A resend is an import: the rows it
 * applies close their rejections as fixed in the console.
 */
export function OpenedItems({ items }: { items: RejectionItems }) {
  const t = useTranslations('rejections');
  const format = useFormatter();
  const loaded = syncItems.useLoaded();
  const read = useMemo(
    () => ({ ...syncReadOf(FAMILY_COLUMNS[items.family], items.items), family: items.family }),
    [items],
  );
  if (!loaded) return <p role="status">{t('gridOpening')}</p>;
  // A resend is named after the syncs its rows came from, in the page's date format: nothing was pasted.
  const when = (sync: RejectionItems['syncs'][number] | undefined) =>
    sync ? plainSpaces(format.dateTime(new Date(sync.receivedAt), 'dateTime')) : '';
  const resendName = t('resendName', {
    count: items.syncs.length,
    first: when(items.syncs[0]),
    at: when(items.syncs.at(-1)),
  });
  return <loaded.SyncItems read={read} answered resendName={resendName} />;
}
