'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button, LinkButton } from '@/components/ui';
import { toast } from '@/components/ui/toast';
import { failedWriteOutcome, isApiError } from '@/lib/client/api-error';
import { useFindingDecision } from '@/lib/client/attention';
import type { Finding } from '@/lib/contract/attention';
import { can } from '@/lib/contract/roles';
import { useCurrentUser } from '@/components/session/current-user';
import { AcceptDialog } from './accept-dialog';

/** What the dialog and the messages call the record: its code, else its name, else its id. */
export const findingLabel = (finding: Finding) => finding.record.code || finding.record.name || `#${finding.record.id}`;

/**
 * For those who may edit master data, a finding's fix (a link to where it is made) and, for those who may, accept
 * (open) or reopen (accepted). A viewer is offered neither: every fix is an edit, which their role cannot make
 * (the record itself stays a link in the finding's row).
 */
export function FindingActions({ finding, mayAccept }: { finding: Finding; mayAccept: boolean }) {
  const t = useTranslations('attention');
  const h = useTranslations('home');
  const w = useTranslations('writes');
  const { reopen } = useFindingDecision();
  const [accepting, setAccepting] = useState(false);
  const label = findingLabel(finding);
  const mayFix = can(useCurrentUser().role, 'editMasterData');

  const doReopen = () =>
    reopen.mutate(finding.id, {
      onSuccess: () => toast.success(h('reopenedToast', { label })),
      onError: (error) => {
        const sentence = isApiError(error) ? error.sentence : String(error);
        toast.error(`${sentence} ${failedWriteOutcome(error) === 'unknown' ? h('unknownBody') : w('refusedNote')}`);
      },
    });

  return (
    <div className="flex flex-wrap items-center gap-2">
      {mayFix && finding.state !== 'resolved' ? (
        <LinkButton
          href={finding.fix.href}
          size="sm"
          aria-label={h('fixLabel', { fix: t(`rules.${finding.rule}.fix`), label })}
        >
          {t(`rules.${finding.rule}.fix`)}
        </LinkButton>
      ) : null}
      {mayAccept && finding.state === 'open' ? (
        <>
          <Button size="sm" variant="ghost" onClick={() => setAccepting(true)} aria-label={h('acceptLabel', { label })}>
            {t('accept')}
          </Button>
          <AcceptDialog open={accepting} findingId={finding.id} label={label} onClose={() => setAccepting(false)} />
        </>
      ) : null}
      {mayAccept && finding.state === 'accepted' ? (
        <Button
          size="sm"
          variant="ghost"
          disabled={reopen.isPending}
          onClick={doReopen}
          aria-label={h('reopenLabel', { label })}
        >
          {t('reopen')}
        </Button>
      ) : null}
    </div>
  );
}
