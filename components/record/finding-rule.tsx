'use client';

import { useTranslations } from 'next-intl';
import { ruleOfOperation } from '@/lib/contract/attention';

/** The rule a finding's History entry is about, by the title the home and the findings list give it. */
export function FindingRule({ operation }: { operation: string | null | undefined }) {
  const t = useTranslations('attention');
  const rule = ruleOfOperation(operation);
  return rule ? <span className="block">{t(`rules.${rule}.title`)}</span> : null;
}
