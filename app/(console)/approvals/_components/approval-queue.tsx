'use client';

import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import { Alert, Button, Checkbox, Field, Textarea } from '@/components/ui';
import type { ApprovalPolicy } from '@/lib/contract/approval-policy';
import { changePercent } from '@/lib/contract/approval-policy';
import type { DecisionView, Exposure, LimitChange, ProposalView } from '@/lib/contract/console/approvals';
import type { QuotaValues } from '@/lib/contract/console/quotas';
import { ruleWords } from '@/lib/i18n/approval-words';
import { formatNtd } from '@/lib/i18n/money';
import { approveProposalsAction, rejectProposalsAction, withdrawProposalAction } from '../actions';
import { LimitChanges } from './limit-changes';
import { plainSpaces } from '@/lib/i18n/formats';
import { useSeparators } from '@/lib/i18n/use-separators';

type Open = ProposalView & { exposure: Exposure | null; limitChanges: LimitChange[] };

/**
 * The queue as cards (they read the same at 1280 px and on a phone): what changes and why, the exposure beside
 * it, and the decision. A stale one shows the three values and needs "Approve anyway".
 */
export function ApprovalQueue({
  open,
  decided,
  policy,
}: {
  open: Open[];
  decided: ProposalView[];
  policy: ApprovalPolicy;
}) {
  const t = useTranslations('approvals');
  const te = useTranslations('errors');
  const locale = useLocale();
  const format = useFormatter();
  const marks = useSeparators();
  const router = useRouter();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [comment, setComment] = useState('');
  const [decisions, setDecisions] = useState<Map<string, DecisionView>>(new Map());
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  const reason = (code: string) => {
    const key = code as Parameters<typeof te.has>[0];
    return te.has(key) ? te(key) : code;
  };
  const when = (iso: string) => plainSpaces(format.dateTime(new Date(iso), 'dateTime'));
  const figure = (p: Pick<ProposalView, 'family'>, n: number) =>
    p.family === 'credit' ? formatNtd(locale, n) : format.number(n, { maximumFractionDigits: 2 });
  const value = (p: ProposalView, v: QuotaValues) => `${figure(p, v.amount)} · ${v.enabled ? t('on') : t('off')}`;

  function run(send: () => Promise<{ decisions: DecisionView[] } | { error: string }>, needsComment = false) {
    if (needsComment && comment.trim() === '') {
      setProblem(t('commentRequired'));
      return;
    }
    setProblem(null);
    startTransition(async () => {
      const result = await send();
      if ('error' in result) {
        setProblem(reason(result.error));
        return;
      }
      setDecisions((m) => new Map([...m, ...result.decisions.map((d) => [d.id, d] as const)]));
      setSelected(new Set());
      router.refresh();
    });
  }
  const approve = (ids: string[], confirmStale = false) =>
    run(() => approveProposalsAction({ ids, comment: comment.trim() || undefined, confirmStale }));
  const reject = (ids: string[]) => run(() => rejectProposalsAction({ ids, comment }), true);

  const outcomeText = (d: DecisionView) =>
    d.kind === 'refused' || d.kind === 'unknown' || d.kind === 'unreadable'
      ? t(`outcome.${d.kind}`, { reason: reason(d.code) })
      : t(`outcome.${d.kind}`);

  const choosable = open.filter((p) => !p.own);
  return (
    <div className="space-y-4">
      {problem ? <Alert tone="error">{problem}</Alert> : null}
      {open.length === 0 ? <p role="status">{t('empty')}</p> : null}
      {choosable.length > 0 ? (
        <div className="space-y-2">
          <Field label={t('comment')}>
            <Textarea value={comment} onChange={(e) => setComment(e.target.value)} rows={2} maxLength={1000} />
          </Field>
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => approve([...selected])} disabled={selected.size === 0} pending={pending}>
              {t('approveSelected', { count: selected.size })}
            </Button>
            <Button variant="secondary" onClick={() => reject([...selected])} disabled={selected.size === 0}>
              {t('rejectSelected', { count: selected.size })}
            </Button>
          </div>
        </div>
      ) : null}
      <ul className="grid gap-3 lg:grid-cols-2" aria-label={t('caption')}>
        {open.map((p) => {
          const label = [p.companyCode, p.companyName].filter(Boolean).join(' ');
          const pct = changePercent(p.old.amount, p.new.amount);
          const d = decisions.get(p.id);
          return (
            <li key={p.id} className="space-y-2 rounded border border-zinc-200 p-3 dark:border-zinc-800">
              <h2 className="font-semibold">{label || p.companyId}</h2>
              <p className="text-sm">
                <span className="font-medium">{t(`family.${p.family}`)}: </span>
                <span className="whitespace-nowrap tabular-nums">
                  {value(p, p.old)} → {value(p, p.new)}
                </span>{' '}
                (
                {pct === null
                  ? t('fromZero')
                  : format.number(pct / 100, { style: 'percent', signDisplay: 'always', maximumFractionDigits: 1 })}
                )
              </p>
              <p className="text-sm">
                <span className="font-medium">{marks.labelled(t('exposure'))}</span>
                {p.exposure
                  ? `${t('creditLine', {
                      limit: formatNtd(locale, p.exposure.creditAmount),
                      pending: formatNtd(locale, p.exposure.pendingAmount),
                      available: formatNtd(locale, p.exposure.availableAmount),
                    })} · ${t('controlLine', { state: p.exposure.creditEnabled ? t('on') : t('off') })} · ${t(
                      'pointLine',
                      {
                        balance: format.number(p.exposure.pointBalance, { maximumFractionDigits: 2 }),
                      },
                    )}`
                  : t('exposureUnread')}
              </p>
              <LimitChanges changes={p.limitChanges} />
              <p className="text-sm">
                <span className="font-medium">{marks.labelled(t('rule'))}</span>
                {p.rules.map((r) => ruleWords(t, locale, policy, r)).join(marks.clause)}
              </p>
              <p className="text-sm">
                <span className="font-medium">{marks.labelled(t('proposer'))}</span>
                {t('proposedAt', { who: p.proposedByEmail, when: when(p.proposedAt) })} ·{' '}
                {t('expiresAt', { when: when(p.expiresAt) })}
              </p>
              <p className="text-sm">
                <span className="font-medium">{marks.labelled(t('reason'))}</span>
                {p.source === 'import' || p.source === 'bulk'
                  ? t('fromImport', { reason: p.reason })
                  : p.source === 'revert'
                    ? t('fromRevert', { reason: p.reason })
                    : p.reason}
              </p>
              {d?.kind === 'stale' ? (
                <Alert tone="warning">
                  <p className="font-medium">{t('staleTitle')}</p>
                  <p>{t('staleWhenProposed', { value: value(p, d.proposed) })}</p>
                  <p>{t('staleNow', { value: value(p, d.now) })}</p>
                  <p>{t('staleNew', { value: value(p, d.next) })}</p>
                  <Button className="mt-2" onClick={() => approve([p.id], true)} pending={pending}>
                    {t('approveAnyway')}
                  </Button>
                </Alert>
              ) : d ? (
                <p role="status" className="text-sm font-medium">
                  {outcomeText(d)}
                </p>
              ) : null}
              {p.own ? (
                <div className="flex flex-wrap items-center gap-2">
                  <p className="text-sm">{t('own')}</p>
                  <Button variant="secondary" onClick={() => run(() => withdrawProposalAction({ id: p.id }))}>
                    {t('withdraw')}
                  </Button>
                </div>
              ) : (
                <div className="space-y-2">
                  <Checkbox
                    checked={selected.has(p.id)}
                    onChange={(e) =>
                      setSelected((s) => {
                        const next = new Set(s);
                        if (e.target.checked) next.add(p.id);
                        else next.delete(p.id);
                        return next;
                      })
                    }
                    label={t('select', { company: label || String(p.companyId) })}
                  />
                  <div className="flex flex-wrap gap-3">
                    <Button onClick={() => approve([p.id])} pending={pending}>
                      {t('approve')}
                    </Button>
                    <Button variant="secondary" onClick={() => reject([p.id])}>
                      {t('reject')}
                    </Button>
                  </div>
                </div>
              )}
            </li>
          );
        })}
      </ul>
      {decided.length > 0 ? (
        <section className="space-y-2">
          <h2 className="text-lg font-semibold">{t('recent')}</h2>
          <ul className="space-y-1 text-sm">
            {decided.map((p) => (
              <li key={p.id}>
                <span className="font-medium">{[p.companyCode, p.companyName].filter(Boolean).join(' ')}</span>:{' '}
                {value(p, p.old)} → {value(p, p.new)} · {t(`state.${p.state}`)}
                {p.decidedByEmail && p.decidedAt
                  ? ` · ${t('decidedBy', { who: p.decidedByEmail, when: when(p.decidedAt) })}`
                  : ''}
                {p.outcomeCode ? ` · ${reason(p.outcomeCode)}` : ''}
                {p.comment ? ` · ${t('yourComment', { comment: p.comment })}` : ''}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
