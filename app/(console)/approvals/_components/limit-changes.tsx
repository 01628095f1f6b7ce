'use client';

import { useFormatter, useLocale, useTranslations } from 'next-intl';
import type { LimitChange } from '@/lib/contract/console/approvals';
import { formatNtd } from '@/lib/i18n/money';
import { plainSpaces } from '@/lib/i18n/formats';
import { useSeparators } from '@/lib/i18n/use-separators';

/** A company's last credit limit changes from its History, beside a proposal: from → to, who, when. */
export function LimitChanges({ changes }: { changes: readonly LimitChange[] }) {
  const t = useTranslations('approvals');
  const locale = useLocale();
  const format = useFormatter();
  const marks = useSeparators();
  const amount = (v: number | null) => (v === null ? t('limitNotRead') : formatNtd(locale, v));
  return (
    <p className="text-sm">
      <span className="font-medium">{marks.labelled(t('recentLimits'))}</span>
      {changes.length === 0
        ? t('recentLimitsNone')
        : changes
            .map((c) =>
              t('recentLimitLine', {
                from: amount(c.from),
                to: amount(c.to),
                who: c.byEmail ?? t('byErp'),
                when: plainSpaces(format.dateTime(new Date(c.at), 'dateTime')),
              }),
            )
            .join(marks.clause)}
    </p>
  );
}
