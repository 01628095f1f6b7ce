'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { findingHeading, type FindingRecord, type HistoryValue } from '@/lib/contract/history';
import { plainSpaces } from '@/lib/i18n/formats';

/**
 * A finding's History entry in words, never as field changes: "Found: Barcode 4710001003968", "Resolved: Barcode
 * is now 4710001003967 (was 4710001003968)", "Accepted with Barcode 4710001003968: reason".
 */
export function FindingText({
  action,
  finding,
  fieldLabel,
}: {
  action: string | null | undefined;
  finding: FindingRecord;
  fieldLabel?: (field: string) => string;
}) {
  const t = useTranslations('history');
  const format = useFormatter();
  const label = (field: string) => fieldLabel?.(field) ?? (t.has(`fields.${field}`) ? t(`fields.${field}`) : field);
  const raw = (v: HistoryValue | undefined): string => {
    if (v === null || v === undefined || v === '') return t('emptyValue');
    if (Array.isArray(v)) return v.map(raw).join(', ');
    return typeof v === 'object' ? JSON.stringify(v) : String(v);
  };
  const values = Object.entries(finding.values ?? {})
    .map(([field, value]) => t('findings.value', { field: label(field), value: raw(value) }))
    .join(t('recipe.separator'));
  const heading = findingHeading(action);
  if (heading === 'resolved') {
    const lines = Object.entries(finding.values ?? {}).map(([field, was]) =>
      finding.now && Object.hasOwn(finding.now, field)
        ? t('findings.resolvedNow', { field: label(field), to: raw(finding.now[field]), from: raw(was) })
        : t('findings.resolvedWas', { field: label(field), from: raw(was) }),
    );
    return (
      <ul>
        {(lines.length ? lines : [t('findings.resolvedText')]).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    );
  }
  return (
    <ul>
      <li>{t(`findings.${heading}Text`, { values })}</li>
      {finding.reason ? <li>{t('findings.reason', { reason: finding.reason })}</li> : null}
      {finding.until ? (
        <li>{t('findings.until', { until: plainSpaces(format.dateTime(new Date(finding.until), 'date')) })}</li>
      ) : null}
    </ul>
  );
}
