'use client';

import { useTranslations } from 'next-intl';
import { useSearchParams } from 'next/navigation';
import { useMemo, useState } from 'react';
import { Alert, Button, LinkButton, Skeleton } from '@/components/ui';
import { PageHeader } from '@/components/ui/page-header';
import { isApiError } from '@/lib/client/api-error';
import { downloadReport, fetchRejectionItems, useRejections } from '@/lib/client/rejections';
import { REJECTION_STATES, type RejectionFilters, type RejectionItems } from '@/lib/contract/console/rejection-types';
import { FAMILY_NAMES } from '@/lib/imports/family-columns';
import { CauseGroup, type Selection } from './cause-group';
import { DismissDialog } from './dismiss-dialog';
import { OpenedItems } from './opened-items';
import { RejectionFiltersForm } from './rejection-filters';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The filters the URL holds, each only when well-formed (a bad one is left out, never an error page). */
function filtersOf(params: URLSearchParams): RejectionFilters {
  const get = (key: string) => params.get(key) || undefined;
  const state = get('state');
  const family = get('family');
  const from = get('from');
  const to = get('to');
  return {
    state: REJECTION_STATES.find((s) => s === state),
    family: FAMILY_NAMES.find((f) => f === family),
    error: get('error'),
    client: get('client'),
    from: from && DAY.test(from) ? from : undefined,
    to: to && DAY.test(to) ? to : undefined,
  };
}

const reason = (error: unknown) => (isApiError(error) ? error.sentence : String(error));

export function RejectionsPage() {
  const t = useTranslations('rejections');
  const params = useSearchParams();
  const filters = useMemo(() => filtersOf(new URLSearchParams(params.toString())), [params]);
  const open = (filters.state ?? 'open') === 'open';
  const list = useRejections(filters);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [opened, setOpened] = useState<{ items: RejectionItems; n: number } | null>(null);
  const [opening, setOpening] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [dismissing, setDismissing] = useState(false);

  const selection: Selection = {
    has: (id) => selected.has(id),
    set: (ids, on) =>
      setSelected((s) => {
        const next = new Set(s);
        for (const id of ids)
          if (on) next.add(id);
          else next.delete(id);
        return next;
      }),
  };

  async function fix(ids: string[]) {
    setFailure(null);
    setOpening(true);
    try {
      const items = await fetchRejectionItems(ids);
      setOpened((o) => ({ items, n: (o?.n ?? 0) + 1 }));
    } catch (error) {
      setFailure(t('gridFailed', { reason: reason(error) }));
    } finally {
      setOpening(false);
    }
  }

  async function report(format: 'csv' | 'xlsx') {
    setFailure(null);
    try {
      await downloadReport(filters, format);
    } catch (error) {
      setFailure(t('reportFailed', { reason: reason(error) }));
    }
  }

  const view = list.data;
  const chosen = [...selected];
  return (
    // Words break at the edge rather than widen the page: a value without spaces (a name of 300 N) in a cause or a
    // heading scrolled a phone sideways to 722 px (issue 62 point 4); tables keep their columns and scroll in their frames.
    <div className="max-w-6xl space-y-5 break-words">
      <PageHeader
        title={t('title')}
        intro={t('intro')}
        actions={
          <LinkButton href="/imports/sync" variant="secondary">
            {t('uploadLink')}
          </LinkButton>
        }
      />
      <RejectionFiltersForm value={filters} choices={view?.choices} />
      {list.isPending ? (
        <div role="status" aria-busy="true" className="space-y-3">
          <span className="sr-only">{t('loading')}</span>
          <Skeleton className="h-24" />
          <Skeleton className="h-24" />
        </div>
      ) : list.isError && !view ? (
        <Alert tone="error" title={t('loadFailed')}>
          <p>{reason(list.error)}</p>
          <Button size="sm" className="mt-2" onClick={() => void list.refetch()}>
            {t('retry')}
          </Button>
        </Alert>
      ) : view ? (
        <>
          <div className="flex flex-wrap items-center gap-3">
            <p role="status" className="text-sm font-medium">
              {view.total === 0
                ? open
                  ? t('emptyOpen')
                  : t('emptyClosed')
                : t('total', { count: view.total, causes: view.causes.length })}
            </p>
            {view.total > 0 ? (
              <span className="ml-auto flex flex-wrap gap-2" role="group" aria-label={t('report')}>
                <Button size="sm" variant="secondary" onClick={() => void report('xlsx')}>
                  {t('reportXlsx')}
                </Button>
                <Button size="sm" variant="secondary" onClick={() => void report('csv')}>
                  {t('reportCsv')}
                </Button>
              </span>
            ) : null}
          </div>
          {view.truncated ? <Alert tone="warning">{t('truncated', { count: view.total })}</Alert> : null}
          {open && chosen.length > 0 ? (
            <div className="flex flex-wrap gap-2">
              <Button onClick={() => void fix(chosen)} disabled={opening}>
                {t('fixSelected', { count: chosen.length })}
              </Button>
              <Button variant="secondary" onClick={() => setDismissing(true)}>
                {t('dismissSelected')}
              </Button>
            </div>
          ) : null}
          {failure ? <Alert tone="error">{failure}</Alert> : null}
          <div className="space-y-3">
            {view.causes.map((cause) => (
              <CauseGroup
                key={cause.key}
                cause={cause}
                open={open}
                selection={selection}
                onFix={(ids) => void fix(ids)}
                busy={opening}
              />
            ))}
          </div>
        </>
      ) : null}
      {opening ? <p role="status">{t('gridOpening')}</p> : null}
      {opened ? <OpenedItems key={opened.n} items={opened.items} /> : null}
      <DismissDialog
        ids={chosen}
        open={dismissing}
        onClose={(done) => {
          setDismissing(false);
          if (done) setSelected(new Set());
        }}
      />
    </div>
  );
}
