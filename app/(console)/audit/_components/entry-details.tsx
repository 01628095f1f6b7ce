import { useFormatter, useTranslations } from 'next-intl';
import { plainSpaces } from '@/lib/i18n/formats';
import type { AuditEntryView } from '@/lib/server/audit';
import { outcomeWithoutRequest, requestIdOf } from '@/lib/server/audit';

/**
 * What a developer or support needs and a reader does not: each request behind the entry with its route, HTTP
 * status and request id, folded into a native disclosure (keyboard-operable as it comes). The export carries
 * the same. A change found by the mirror was no request: it has no status.
 */
export function EntryDetails({ entries }: { entries: AuditEntryView[] }) {
  const t = useTranslations('audit');
  const format = useFormatter();
  return (
    <details className="text-xs">
      <summary className="min-h-6 cursor-pointer py-0.5 text-blue-700 underline underline-offset-2 dark:text-blue-400">
        {t('details')}
      </summary>
      <ol className="mt-1 w-64 space-y-2" aria-label={t('detailsCaption')}>
        {entries.map((e) => (
          <li key={e.id}>
            <dl className="grid grid-cols-[auto_1fr] gap-x-2">
              <dt className="font-medium">{t('detailWhen')}</dt>
              <dd>{plainSpaces(format.dateTime(new Date(e.at), 'dateTimeSeconds'))}</dd>
              <dt className="font-medium">{t('detailRoute')}</dt>
              <dd>
                <code className="break-all">{e.operation}</code>
                {e.chunk !== null ? ` · ${t('chunk', { chunk: e.chunk + 1 })}` : null}
              </dd>
              <dt className="font-medium">{t('detailStatus')}</dt>
              <dd>{e.family === 'outside' ? t('noStatus') : e.status}</dd>
              <dt className="font-medium">{t('detailRequest')}</dt>
              <dd>
                <code className="break-all">{e.requestId ?? requestIdOf(e.outcome) ?? t('noRequestId')}</code>
              </dd>
              {e.clientAddress ? (
                <>
                  <dt className="font-medium">{t('detailFrom')}</dt>
                  <dd>
                    <code className="break-all">{e.clientAddress}</code>
                  </dd>
                </>
              ) : null}
              <dt className="font-medium">{t('detailOutcome')}</dt>
              <dd className="break-words">{outcomeWithoutRequest(e.outcome)}</dd>
            </dl>
          </li>
        ))}
      </ol>
    </details>
  );
}
