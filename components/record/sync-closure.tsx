'use client';

import { useTranslations } from 'next-intl';
import type { FindingRecord, HistoryValue } from '@/lib/contract/history';
import { useErrorMessage } from '@/lib/i18n/use-error-message';

/**
 * A closed rejection's History entry (source `sync`) in words: what the ERP's sync was refused for, the value it
 * sent, and a dismissal's reason. "The ERP's sync was refused: Name is too long. It sent Name: …"
 */
export function SyncClosureText({
  finding,
  fieldLabel,
}: {
  finding: FindingRecord;
  fieldLabel?: (field: string) => string;
}) {
  const t = useTranslations('history');
  const errorText = useErrorMessage();
  const { error, field, value } = finding.values as {
    error?: HistoryValue;
    field?: HistoryValue;
    value?: HistoryValue;
  };
  const label = (name: string) => fieldLabel?.(name) ?? (t.has(`fields.${name}`) ? t(`fields.${name}`) : name);
  const shown = (v: HistoryValue | undefined) => {
    const text =
      v === null || v === undefined || v === ''
        ? t('emptyValue')
        : typeof v === 'object'
          ? JSON.stringify(v)
          : String(v);
    return text.length > 80 ? `${text.slice(0, 77)}…` : text;
  };
  return (
    <ul>
      <li>{t('sync.text', { error: errorText(typeof error === 'string' ? error : 'outcome_unknown') })}</li>
      {typeof field === 'string' && field ? (
        <li>{t('sync.sent', { field: label(field), value: shown(value) })}</li>
      ) : null}
      {finding.reason ? <li>{t('sync.reason', { reason: finding.reason })}</li> : null}
    </ul>
  );
}
