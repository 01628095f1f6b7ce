'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { Alert, Badge, Button, Card, CardContent, CardHeader, CardTitle } from '@/components/ui';
import { isApiError } from '@/lib/client/api-error';
import { useRecordFindings } from '@/lib/client/attention';
import { ATTENTION_RULES, type AttentionResource } from '@/lib/contract/attention';
import { plainSpaces } from '@/lib/i18n/formats';
import { AcceptedLine } from './accepted-line';
import { FindingActions } from './finding-actions';
import { FindingValues } from './finding-values';
import { SeverityBadge } from './severity-badge';

/**
 * A record's open and accepted findings, above its details, with the fix and accept / reopen. Nothing at all when
 * the record has none (or while they load): the record's page is about the record. Read under the record's detail
 * key, so a save on the page re-reads them and a fixed finding goes at once.
 */
export function RecordFindings(props: { resource: AttentionResource; id: number; detailKey: readonly unknown[] }) {
  const t = useTranslations('attention');
  const h = useTranslations('home');
  const format = useFormatter();
  const findings = useRecordFindings(props.resource, props.id, props.detailKey);
  const when = (iso: string) => plainSpaces(format.dateTime(new Date(iso), 'dateTime'));
  if (findings.error) {
    return (
      <Alert tone="warning" title={h('recordLoadFailed')}>
        <p>{isApiError(findings.error) ? findings.error.sentence : String(findings.error)}</p>
        <Button size="sm" variant="secondary" className="mt-2" onClick={() => void findings.refetch()}>
          {h('retry')}
        </Button>
      </Alert>
    );
  }
  const rows = findings.data?.rows ?? [];
  if (rows.length === 0) return null;
  const headingId = `findings-${props.resource}-${props.id}`;
  return (
    <Card aria-labelledby={headingId} className="border-amber-300 dark:border-amber-800">
      <CardHeader>
        <CardTitle id={headingId}>{t('title')}</CardTitle>
      </CardHeader>
      <CardContent className="p-0">
        <ul className="divide-y divide-zinc-200 dark:divide-zinc-800">
          {rows.map((finding) => (
            <li key={finding.id} className="flex flex-wrap items-start justify-between gap-x-6 gap-y-2 px-5 py-3">
              <div className="min-w-0 space-y-1">
                <p className="flex flex-wrap items-center gap-2 font-medium">
                  {t(`rules.${finding.rule}.title`)}
                  <SeverityBadge severity={ATTENTION_RULES[finding.rule].severity} />
                  {finding.state === 'accepted' ? <Badge>{t('state.accepted')}</Badge> : null}
                </p>
                <FindingValues finding={finding} />
                <p className="text-xs text-zinc-600 dark:text-zinc-400">
                  {finding.state === 'accepted' && finding.accepted ? (
                    <AcceptedLine accepted={finding.accepted} />
                  ) : (
                    h('firstSeenAt', { at: when(finding.firstSeenAt) })
                  )}
                </p>
              </div>
              <FindingActions finding={finding} mayAccept={findings.data?.mayAccept ?? false} />
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
