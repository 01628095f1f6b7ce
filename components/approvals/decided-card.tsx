import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui';
import type { ProposalView } from '@/lib/contract/console/approvals';
import { YourProposals } from './your-proposals';

/**
 * The author's proposals decided since they last looked, at the top of their home and of the company's page, until
 * they press "Mark as seen": a plain form posting the server action the page hands in (works before scripts load).
 */
export function DecidedCard({
  proposals,
  markSeen,
}: {
  proposals: readonly ProposalView[];
  markSeen: (form: FormData) => Promise<void>;
}) {
  const t = useTranslations('approvals');
  if (proposals.length === 0) return null;
  return (
    <YourProposals proposals={proposals} title={t('decidedTitle')} headingId="decided-proposals">
      <form action={markSeen} className="mt-2">
        {proposals.map((p) => (
          <input key={p.id} type="hidden" name="id" value={p.id} />
        ))}
        <Button type="submit" variant="secondary" size="sm">
          {t('markSeen')}
        </Button>
      </form>
    </YourProposals>
  );
}
