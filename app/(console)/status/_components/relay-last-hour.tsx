import { getFormatter, getTranslations } from 'next-intl/server';
import { DetailList } from '@/components/record/detail-list';
import { Alert } from '@/components/ui/alert';
import { TitledCard } from '@/components/ui/card';
import { logger } from '@/lib/server/log';
import { relayLastHour } from '@/lib/server/sync';

/**
 * The /v1 relay's last hour (issue 53), from every instance's records: write calls relayed, their items, the rows
 * refused, the calls whose outcome is unknown, and the relay's own added time at p50.
 */
export async function RelayLastHour() {
  const t = await getTranslations('rejections');
  const format = await getFormatter();
  const hour = await relayLastHour().catch((error: unknown) => {
    logger().error(
      { source: 'relay', error: error instanceof Error ? error.message : error },
      "the Status page could not read the relay's last hour",
    );
    return null;
  });
  return (
    <TitledCard id="status-relay" title={t('relay.title')}>
      {hour === null ? (
        <Alert tone="error">{t('relay.failed')}</Alert>
      ) : (
        <>
          <DetailList
            emptyText={t('relay.none')}
            items={[
              { label: t('relay.calls'), value: format.number(hour.calls) },
              { label: t('relay.items'), value: format.number(hour.items) },
              { label: t('relay.rejected'), value: format.number(hour.rejected) },
              { label: t('relay.unknown'), value: format.number(hour.unknown) },
              {
                label: t('relay.added'),
                value:
                  hour.addedP50Ms === null
                    ? t('relay.none')
                    : t('relay.addedValue', { ms: format.number(hour.addedP50Ms, { maximumFractionDigits: 2 }) }),
              },
            ]}
          />
          <p className="mt-4 text-xs text-zinc-600 dark:text-zinc-400">{t('relay.help')}</p>
        </>
      )}
    </TitledCard>
  );
}
