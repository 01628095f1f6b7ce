import { useTranslations } from 'next-intl';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import type { Severity } from '@/lib/contract/attention';

const TONES: Record<Severity, BadgeTone> = { high: 'danger', medium: 'warning', low: 'neutral' };

/** How severe a rule is, in words; the colour repeats them. */
export function SeverityBadge({ severity }: { severity: Severity }) {
  const t = useTranslations('attention');
  return <Badge tone={TONES[severity]}>{t(`severity.${severity}`)}</Badge>;
}
