import { Badge } from '@/components/ui';

/** Active, Inactive or InactiveVisible, in words; the colour only repeats the word. */
export function StatusBadge({ status, labels }: { status: string | null; labels: Record<string, string> }) {
  if (!status) return null;
  const tone = status === 'Active' ? 'success' : status === 'InactiveVisible' ? 'warning' : 'neutral';
  return <Badge tone={tone}>{labels[status] ?? status}</Badge>;
}
