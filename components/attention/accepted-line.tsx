'use client';

import { useFormatter, useTranslations } from 'next-intl';
import type { Acceptance } from '@/lib/contract/attention';
import { plainSpaces } from '@/lib/i18n/formats';

/** Who accepted a finding, when, why, and until when: "Accepted by Demo Steward on …: reason until …". */
export function AcceptedLine({ accepted }: { accepted: Acceptance }) {
  const t = useTranslations('attention');
  const format = useFormatter();
  const when = (iso: string) => plainSpaces(format.dateTime(new Date(iso), 'dateTime'));
  const line = t('acceptedBy', { by: accepted.by, at: when(accepted.at), reason: accepted.reason });
  return <>{accepted.expiresAt ? `${line} ${t('acceptedUntil', { at: when(accepted.expiresAt) })}` : line}</>;
}
