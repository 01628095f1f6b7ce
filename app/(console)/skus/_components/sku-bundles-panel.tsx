'use client';

import Link from 'next/link';
import { useFormatter, useTranslations } from 'next-intl';
import { QueryState } from '@/components/record/query-state';
import { Badge } from '@/components/ui';
import { CollapsibleCard } from '@/components/ui/collapsible-card';
import { capsBundle } from '@/lib/client/bundles/explain';
import { useBundlesUsingSku } from '@/lib/client/bundles/get-bundles';
import { useRecord } from '@/lib/client/queries';

const link = 'text-blue-700 underline underline-offset-2 dark:text-blue-400';

/**
 * Bundles whose current recipe uses this SKU (GET /v1/bundles?componentSkuId=), with the quantity each needs
 * and whether this SKU is what caps the bundle's availableQty now (from this SKU's stock query).
 */
export function SkuBundlesPanel({ skuId }: { skuId: number }) {
  const t = useTranslations('skus');
  const tb = useTranslations('bundles.usedBy');
  const stock = useRecord('skuStock', skuId).data;
  const format = useFormatter();
  const bundles = useBundlesUsingSku(skuId);
  const rows = bundles.data?.data ?? [];
  return (
    <CollapsibleCard id="sku-bundles" title={t('bundles')} contentClassName="space-y-3">
      <QueryState query={bundles} notFound="" lines={2} />
      {bundles.data && rows.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('bundlesEmpty')}</p>
      ) : null}
      {rows.length > 0 ? (
        <ul className="space-y-1 text-sm">
          {rows.map((b) => {
            const component = b.components.find((c) => c.componentSkuId === skuId);
            return (
              <li key={b.id}>
                <Link href={`/bundles/${b.id}`} className={link} prefetch={false}>
                  {b.outerSysCode ? `${b.outerSysCode} · ` : ''}
                  {b.name || `#${b.id}`}
                </Link>
                {component ? (
                  <span className="ml-2 text-zinc-600 dark:text-zinc-400">
                    {t('bundleQuantityIs', {
                      quantity: format.number(component.quantity, { maximumFractionDigits: 4 }),
                    })}
                  </span>
                ) : null}
                {component ? (
                  <span className="ml-2">
                    {!stock ? (
                      <span className="text-zinc-600 dark:text-zinc-400">{tb('limitingUnknown')}</span>
                    ) : capsBundle(
                        {
                          quantity: component.quantity,
                          inventoryQty: stock.inventoryQty,
                          reservedQty: stock.reservedQty,
                        },
                        b.availableQty,
                      ) ? (
                      <Badge tone="warning">{tb('limiting')}</Badge>
                    ) : (
                      <span className="text-zinc-600 dark:text-zinc-400">{tb('notLimiting')}</span>
                    )}
                  </span>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
      <p className="text-sm">
        <Link href={`/bundles?componentSkuId=${skuId}`} className={link} prefetch={false}>
          {t('allBundles')}
        </Link>
      </p>
    </CollapsibleCard>
  );
}
