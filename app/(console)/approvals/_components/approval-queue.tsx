'use client';

import { useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import { Alert, Button, Field, Textarea } from '@/components/ui';
import type { ApprovalPolicy } from '@/lib/contract/approval-policy';
import { useSeparators } from '@/lib/i18n/use-separators';
import { isBigChange } from '@/lib/contract/big-change';
import { PROPOSAL_TEXT_MAX, type DecisionView, type ProposalView } from '@/lib/contract/console/approvals';
import { approveProposalsAction, rejectProposalsAction, withdrawProposalAction } from '../actions';
import { BigApprovalDialog } from './big-approval-dialog';
import { DecidedList } from './decided-list';
import { ProposalCard } from './proposal-card';
import { useProposalWords } from './proposal-words';
import type { OpenProposal } from './queue-types';

/** Outcomes after which the decision is stored (or nothing is left to decide): its comment has done its work. */
const SETTLED = new Set<DecisionView['kind']>(['applied', 'rejected', 'refused', 'unknown', 'withdrawn', 'not_open']);

/**
 * The queue as cards: each with its own comment box, so a comment is sent with the proposal it was typed for and
 * with no other (issue 61 point 1); a selection of cards has one more box, for that selection only. A comment is
 * cleared once its decision is stored. Approving a change over twice the policy's threshold asks once more.
 */
export function ApprovalQueue({
  open,
  decided,
  policy,
}: {
  open: OpenProposal[];
  decided: ProposalView[];
  policy: ApprovalPolicy;
}) {
  const t = useTranslations('approvals');
  const td = useTranslations('approvalDecisions');
  const router = useRouter();
  const marks = useSeparators();
  const { reason, label } = useProposalWords();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [comments, setComments] = useState<Map<string, string>>(new Map());
  const [selectionComment, setSelectionComment] = useState('');
  const [decisions, setDecisions] = useState<Map<string, DecisionView>>(new Map());
  const [problem, setProblem] = useState<string | null>(null);
  // The comment box a rejection without a comment came from ('selection', or a proposal's id): its error is beside it.
  const [missing, setMissing] = useState<string | null>(null);
  // Approvals waiting for the second "yes" of a large change, and those already confirmed (asked once only).
  const [confirming, setConfirming] = useState<{ ids: string[]; confirmStale: boolean; selection: boolean } | null>(
    null,
  );
  const [confirmed, setConfirmed] = useState<Set<string>>(new Set());
  const [pending, startTransition] = useTransition();

  const commentOf = (id: string) => comments.get(id) ?? '';
  const setComment = (id: string, text: string) => setComments((m) => new Map(m).set(id, text));

  function run(send: () => Promise<{ decisions: DecisionView[] } | { error: string }>, selection: boolean) {
    setProblem(null);
    startTransition(async () => {
      const result = await send();
      if ('error' in result) {
        setProblem(reason(result.error));
        return;
      }
      const settled = result.decisions.filter((d) => SETTLED.has(d.kind)).map((d) => d.id);
      setDecisions((m) => new Map([...m, ...result.decisions.map((d) => [d.id, d] as const)]));
      setComments((m) => new Map([...m].filter(([id]) => !settled.includes(id))));
      if (selection && settled.length > 0) setSelectionComment('');
      setSelected(new Set());
      router.refresh();
    });
  }

  /** Each proposal with the comment written for it: a card's own, or the selection's for a selection. */
  const items = (ids: string[], selection: boolean) =>
    ids.map((id) => {
      const text = (selection ? selectionComment : commentOf(id)).trim();
      return text ? { id, comment: text } : { id };
    });

  function approve(ids: string[], confirmStale: boolean, selection: boolean, asked = false) {
    setMissing(null);
    const big = open.filter(
      (p) => ids.includes(p.id) && !confirmed.has(p.id) && isBigChange(policy, p.family, p.old.amount, p.new.amount),
    );
    if (big.length > 0 && !asked) {
      setConfirming({ ids, confirmStale, selection });
      return;
    }
    setConfirmed((s) => new Set([...s, ...big.map((p) => p.id)]));
    run(() => approveProposalsAction({ decisions: items(ids, selection), confirmStale }), selection);
  }

  function reject(ids: string[], selection: boolean) {
    const decisionsToSend = items(ids, selection);
    if (decisionsToSend.some((d) => !('comment' in d))) {
      setMissing(selection ? 'selection' : (ids[0] ?? null));
      return;
    }
    setMissing(null);
    run(() => rejectProposalsAction({ decisions: decisionsToSend }), selection);
  }

  const choosable = open.filter((p) => !p.own);
  const chosen = choosable.filter((p) => selected.has(p.id));
  const bigOnes = confirming
    ? open.filter(
        (p) =>
          confirming.ids.includes(p.id) &&
          !confirmed.has(p.id) &&
          isBigChange(policy, p.family, p.old.amount, p.new.amount),
      )
    : [];
  return (
    <div className="space-y-4">
      {problem ? <Alert tone="error">{problem}</Alert> : null}
      {open.length === 0 ? <p role="status">{t('empty')}</p> : null}
      {choosable.length > 1 ? (
        <div className="space-y-2">
          {chosen.length > 0 ? (
            <Field
              label={td('selectionComment', { count: chosen.length })}
              description={td('selectionFor', { companies: chosen.map(label).join(marks.list) })}
              error={missing === 'selection' ? t('commentRequired') : undefined}
            >
              <Textarea
                value={selectionComment}
                onChange={(e) => setSelectionComment(e.target.value)}
                rows={2}
                maxLength={PROPOSAL_TEXT_MAX}
              />
            </Field>
          ) : (
            <p className="text-sm text-zinc-600 dark:text-zinc-400">{td('selectionNone')}</p>
          )}
          <div className="flex flex-wrap gap-2">
            <Button
              onClick={() => approve([...selected], false, true)}
              disabled={chosen.length === 0}
              pending={pending}
            >
              {t('approveSelected', { count: chosen.length })}
            </Button>
            <Button variant="secondary" onClick={() => reject([...selected], true)} disabled={chosen.length === 0}>
              {t('rejectSelected', { count: chosen.length })}
            </Button>
          </div>
        </div>
      ) : null}
      <ul className="grid gap-3 lg:grid-cols-2" aria-label={t('caption')}>
        {open.map((p) => (
          <ProposalCard
            key={p.id}
            p={p}
            policy={policy}
            comment={commentOf(p.id)}
            onComment={(text) => setComment(p.id, text)}
            missing={missing === p.id ? t('commentRequired') : undefined}
            decision={decisions.get(p.id)}
            pending={pending}
            selected={selected.has(p.id)}
            onSelect={(on) =>
              setSelected((s) => {
                const next = new Set(s);
                if (on) next.add(p.id);
                else next.delete(p.id);
                return next;
              })
            }
            onApprove={(confirmStale) => approve([p.id], confirmStale, false)}
            onReject={() => reject([p.id], false)}
            onWithdraw={() => run(() => withdrawProposalAction({ id: p.id }), false)}
          />
        ))}
      </ul>
      <DecidedList decided={decided} />
      <BigApprovalDialog
        proposals={bigOnes}
        policy={policy}
        pending={pending}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          if (!confirming) return;
          setConfirming(null);
          approve(confirming.ids, confirming.confirmStale, confirming.selection, true);
        }}
      />
    </div>
  );
}
