'use client';

import Link from 'next/link';
import { useFormatter, useTranslations } from 'next-intl';
import { useState } from 'react';
import { Alert, Badge, Button, Field, Input } from '@/components/ui';
import { CollapsibleCard } from '@/components/ui/collapsible-card';
import { explainRecipe, sellable, shortfall, type RecipeLine } from '@/lib/client/bundles/explain';
import type { ComponentStocks } from '@/lib/client/bundles/component-stock';
import type { Bundle } from '@/lib/contract/bundles';
import { plainSpaces } from '@/lib/i18n/formats';
import { Table, TBody, Td, Th, THead, Tr } from '@/components/ui/table';

const link = 'text-blue-700 underline underline-offset-2 dark:text-blue-400';

/** A whole number of 0 or more, or null (empty or anything else). */
function parseTarget(text: string): number | null {
  return /^\s*\d{1,12}\s*$/.test(text) ? Number(text) : null;
}

export interface BundleAvailabilityProps {
  bundle: Bundle;
  stocks: ComponentStocks;
  /** When the bundle (and its availableQty) was read, ms. */
  readAt: number;
  refreshing: boolean;
  onRefresh: () => void;
}

/**
 * "Available to assemble", explained: the service's figure as returned, then each component's share of it
 * from its own stock query, the limiting component(s), and a what-if for a target number of bundles.
 */
export function BundleAvailability({ bundle, stocks, readAt, refreshing, onRefresh }: BundleAvailabilityProps) {
  const t = useTranslations('bundles.availability');
  const format = useFormatter();
  const [targetText, setTargetText] = useState('');
  const target = parseTarget(targetText);
  const qty = (n: number) => format.number(n, { maximumFractionDigits: 4 });

  const lines: (RecipeLine | null)[] = bundle.components.map((c) => {
    const s = stocks.byId.get(c.componentSkuId);
    return s ? { quantity: c.quantity, inventoryQty: s.inventoryQty, reservedQty: s.reservedQty } : null;
  });
  const complete = lines.every((l): l is RecipeLine => l !== null);
  const explained = complete ? explainRecipe(lines) : null;
  const differs = explained !== null && explained.availableQty !== bundle.availableQty;

  return (
    <CollapsibleCard
      id="bundle-availability"
      title={t('title')}
      action={
        <Button size="sm" variant="secondary" pending={refreshing} onClick={onRefresh}>
          {refreshing ? t('refreshing') : t('refresh')}
        </Button>
      }
      intro={
        <>
          {/* An output (role status): the service's figure, announced again after a refresh. */}
          <output
            className="mt-2 block text-3xl font-semibold tabular-nums"
            aria-label={t('title')}
            aria-describedby="bundle-availability-read-at"
          >
            {qty(bundle.availableQty)}
          </output>
          <p id="bundle-availability-read-at" className="text-xs text-zinc-600 dark:text-zinc-400">
            <time dateTime={new Date(readAt).toISOString()}>
              {t('readAt', { time: plainSpaces(format.dateTime(new Date(readAt), 'dateTimeSeconds')) })}
            </time>
          </p>
        </>
      }
      contentClassName="space-y-4"
    >
      {differs ? (
        <Alert tone="warning">
          <p>{t('differs', { computed: qty(explained.availableQty), service: qty(bundle.availableQty) })}</p>
          <Button size="sm" variant="secondary" className="mt-2" pending={refreshing} onClick={onRefresh}>
            {t('refresh')}
          </Button>
        </Alert>
      ) : null}
      {stocks.failed.length > 0 ? (
        <Alert tone="error">{t('stockFailed', { count: stocks.failed.length })}</Alert>
      ) : null}
      <ul className="list-disc space-y-1 pl-5 text-sm text-zinc-700 dark:text-zinc-300">
        <li>{t('snapshot')}</li>
        <li>{t('negativeStock')}</li>
      </ul>
      <div className="max-w-xs">
        <Field
          label={t('target')}
          description={t('targetHelp')}
          error={targetText.trim() !== '' && target === null ? t('targetInvalid') : undefined}
        >
          <Input
            type="number"
            inputMode="numeric"
            enterKeyHint="done"
            autoComplete="off"
            min={0}
            step={1}
            value={targetText}
            onChange={(e) => setTargetText(e.target.value)}
          />
        </Field>
      </div>
      <Table variant="plain" caption={t('caption')}>
        <THead>
          <Tr className="border-b border-zinc-200 dark:border-zinc-800">
            <Th>{t('component')}</Th>
            <Th className="text-right">{t('quantity')}</Th>
            <Th className="text-right">{t('available')}</Th>
            <Th className="text-right">{t('allows')}</Th>
            {target !== null ? <Th className="text-right">{t('shortfall')}</Th> : null}
          </Tr>
        </THead>
        <TBody>
          {bundle.components.map((c, i) => {
            const rowLine = lines[i] ?? null;
            const ex = explained?.lines[i];
            return (
              <Tr key={c.componentSkuId} className={ex?.limiting ? 'bg-amber-50 dark:bg-amber-950/40' : undefined}>
                <Th scope="row">
                  <Link href={`/skus/${c.componentSkuId}`} className={link} prefetch={false}>
                    {c.componentSkuOuterSysCode || `#${c.componentSkuId}`}
                  </Link>{' '}
                  <span className="text-zinc-700 dark:text-zinc-300">{c.componentSkuName}</span>
                </Th>
                <Td numeric>{qty(c.quantity)}</Td>
                <Td numeric>{rowLine ? qty(sellable(rowLine)) : stocks.isPending ? '…' : t('stockUnknown')}</Td>
                <Td numeric>
                  {ex ? (
                    <span className="inline-flex items-center gap-2">
                      {ex.limiting ? <Badge tone="warning">{t('limiting')}</Badge> : null}
                      {qty(ex.allows)}
                    </span>
                  ) : (
                    '…'
                  )}
                </Td>
                {target !== null ? <Td numeric>{rowLine ? qty(shortfall(rowLine, target)) : '…'}</Td> : null}
              </Tr>
            );
          })}
        </TBody>
      </Table>
    </CollapsibleCard>
  );
}
