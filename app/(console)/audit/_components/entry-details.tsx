import { useFormatter, useTranslations } from 'next-intl';
import { plainSpaces } from '@/lib/i18n/formats';
import type { AuditEntryView } from '@/lib/server/audit/audit-log';
import { requestIdOf } from '@/lib/server/audit/operation-words';

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
      <summary className="cursor-pointer text-blue-700 underline underline-offset-2 dark:text-blue-400">{t('details')}</summary>
      <table className="mt-1">
        <caption className="sr-only">{t('detailsCaption')}</caption>
        <thead>
          <tr>
            <th scope="col" className="pr-2 text-left font-medium">{t('detailWhen')}</th>
            <th scope="col" className="pr-2 text-left font-medium">{t('detailRoute')}</th>
            <th scope="col" className="pr-2 text-left font-medium">{t('detailStatus')}</th>
            <th scope="col" className="pr-2 text-left font-medium">{t('detailRequest')}</th>
            <th scope="col" className="text-left font-medium">{t('detailOutcome')}</th>
          </tr>
        </thead>
        <tbody className="align-top">
          {entries.map((e) => (
            <tr key={e.id}>
              <td className="whitespace-nowrap pr-2">{plainSpaces(format.dateTime(new Date(e.at), 'dateTimeSeconds'))}</td>
              <td className="pr-2">
                <code className="break-all">{e.operation}</code>
                {e.chunk !== null ? ` · ${t('chunk', { chunk: e.chunk + 1 })}` : null}
              </td>
              <td className="pr-2">{e.family === 'outside' ? t('noStatus') : e.status}</td>
              <td className="pr-2">
                <code className="break-all">{e.requestId ?? requestIdOf(e.outcome) ?? t('noRequestId')}</code>
              </td>
              <td>{e.outcome}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
