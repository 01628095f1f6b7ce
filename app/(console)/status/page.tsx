import { getFormatter, getTranslations } from 'next-intl/server';
import { DetailList } from '@/components/record/detail-list';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { TitledCard } from '@/components/ui/card';
import { LinkButton } from '@/components/ui/link-button';
import { requireUser } from '@/lib/server/auth/page';
import { readUpstreamStatus } from '@/lib/server/upstream';
import { plainSpaces } from '@/lib/i18n/formats';
import { titleMetadata } from '@/lib/i18n/page-metadata';
import { RelayCounted } from './_components/relay-counted';
import { RelayLastHour } from './_components/relay-last-hour';
import { serverContext } from '@/lib/server/console-api';

export const dynamic = 'force-dynamic';

export const generateMetadata = titleMetadata('status');

export default async function StatusPage() {
  // Checked here as well as in the layout: an RSC request can render this page without the layout.
  await requireUser('/status');
  const t = await getTranslations('status');
  const tr = await getTranslations('records');
  const te = await getTranslations('errors');
  const format = await getFormatter();
  const { env } = serverContext();
  const { upstream } = serverContext();
  const status = await readUpstreamStatus(env, upstream);
  const { probe, skew } = status;
  const embedded = status.mode === 'embedded';
  const skewSeconds = skew.observedMs === null ? null : Math.round(skew.observedMs / 100) / 10;

  return (
    <div className="max-w-4xl space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold">{t('title')}</h1>
          <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{t('intro')}</p>
        </div>
        <LinkButton href="/status" prefetch={false}>
          {t('checkAgain')}
        </LinkButton>
      </header>

      {!probe.ok ? (
        <Alert tone="error" title={t('problemTitle')}>
          {/* The code's sentence in the person's language; the probe's own (English) words when the code is new. */}
          {probe.code && te.has(probe.code) ? te(probe.code) : probe.message}
        </Alert>
      ) : null}
      {skew.level === 'ok' && skew.adoptedOffsetMs !== 0 ? (
        <Alert tone="info" title={t('skewCorrectedTitle')}>
          {t('skewCorrected', { seconds: Math.round(skew.adoptedOffsetMs / 1000) })}
        </Alert>
      ) : null}
      {skew.level === 'warning' || skew.level === 'fatal' ? (
        <Alert tone={skew.level === 'fatal' ? 'error' : 'warning'} title={t('warningTitle')}>
          {skew.level === 'fatal' ? t('skewFatal') : t('skewWarning')}
        </Alert>
      ) : null}

      <TitledCard id="status-connection" title={t('connection')}>
        <DetailList
          emptyText={tr('notSet')}
          items={[
            { label: t('mode'), value: embedded ? t('modeEmbedded') : t('modeRemote') },
            { label: t('baseUrl'), value: status.baseUrl ?? t('baseUrlEmbedded') },
            { label: t('clientId'), value: <code>{status.clientId}</code> },
            { label: t('timeout'), value: t('timeoutValue', { seconds: status.timeoutMs / 1000 }) },
          ]}
        />
      </TitledCard>

      <TitledCard id="status-reachability" title={t('reachability')}>
        <DetailList
          emptyText={tr('notSet')}
          items={[
            { label: t('probe'), value: t('probeValue') },
            {
              label: t('result'),
              value: (
                <span className="inline-flex flex-wrap items-center gap-2">
                  <Badge tone={probe.ok ? 'success' : probe.reachable ? 'warning' : 'danger'}>
                    {probe.ok ? t('reachable') : probe.reachable ? t('reachableFailing') : t('unreachable')}
                  </Badge>
                  {probe.status !== null ? <span>{t('httpStatus', { status: probe.status })}</span> : null}
                  {probe.code ? <code>{probe.code}</code> : null}
                </span>
              ),
            },
            {
              label: t('latency'),
              value:
                probe.latencyMs === null
                  ? t('notMeasured')
                  : t('latencyValue', { ms: Math.round(probe.latencyMs * 10) / 10 }),
            },
          ]}
        />
      </TitledCard>

      <RelayLastHour />

      <RelayCounted />

      <TitledCard id="status-clock" title={t('clock')}>
        <DetailList
          emptyText={tr('notSet')}
          items={[
            {
              label: t('skew'),
              value:
                skewSeconds === null ? (
                  embedded ? (
                    t('skewEmbedded')
                  ) : (
                    t('skewUnknown')
                  )
                ) : (
                  <span className="inline-flex flex-wrap items-center gap-2">
                    <span>{t('skewValue', { seconds: skewSeconds })}</span>
                    <Badge tone={skew.level === 'ok' ? 'success' : skew.level === 'warning' ? 'warning' : 'danger'}>
                      {skew.level === 'ok'
                        ? t('skewBadgeOk')
                        : skew.level === 'warning'
                          ? t('skewBadgeWarning')
                          : t('skewBadgeFatal')}
                    </Badge>
                  </span>
                ),
            },
            {
              label: t('adoptedOffset'),
              value:
                skew.adoptedOffsetMs === 0
                  ? t('adoptedNone')
                  : t('skewValue', { seconds: Math.round(skew.adoptedOffsetMs / 1000) }),
            },
          ]}
        />
        <p className="mt-4 text-xs text-zinc-600 dark:text-zinc-400">
          {t('checkedAt', { time: plainSpaces(format.dateTime(new Date(status.checkedAt), 'dateTimeSeconds')) })}
        </p>
      </TitledCard>
    </div>
  );
}
