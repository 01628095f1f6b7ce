'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import { RecordSearch } from '@/components/form/record-search';
import { AmountBox } from '@/components/form/amount-box';
import { Alert, Button, Dialog, Field, Select, Textarea } from '@/components/ui';
import { parseAmountOrNull } from '@/lib/contract/amount-text';
import { companySource } from '@/lib/client/pickers';
import type { ApprovalPolicy } from '@/lib/contract/approval-policy';
import type { EditOutcome, PreviewRow, QuotaChanges } from '@/lib/contract/console/quotas';
import { applyQuotaEditAction, previewQuotaEditAction } from '../actions';
import { plainSpaces } from '@/lib/i18n/formats';
import { companyLabel, EditCompanies, useQuotaFigure, type EditedCompany } from './edit-companies';
import { ReviewTable } from './review-table';
import { useQuotaValueWords } from './value-words';
import { ApprovalFields, useRowApproval, useSendWords } from './approval-fields';

type Step =
  | { phase: 'form' }
  | {
      phase: 'review';
      rows: PreviewRow[];
      unreadable: { companyId: number; code: string }[];
      policy?: ApprovalPolicy;
    }
  | { phase: 'result'; rows: PreviewRow[]; outcomes: EditOutcome[] };

/**
 * Edit one company's or a selection's quota: choose the changes, review old → new per company as just read
 * from the platform, apply through the batch endpoint, and see each company's outcome (matched by index on
 * the server). Afterwards the page re-renders with the rows read again.
 */
export function EditDialog({
  tab,
  companies,
  onClose,
}: {
  tab: 'credit' | 'points';
  /** The companies it opened with, as the table showed them. */
  companies: EditedCompany[];
  onClose: () => void;
}) {
  const t = useTranslations('quotas.edit');
  const te = useTranslations('errors');
  const format = useFormatter();
  const router = useRouter();
  const tf = useTranslations('find');
  const [step, setStep] = useState<Step>({ phase: 'form' });
  // The companies in this edit: the selection it opened with, plus any added with the company picker.
  const [chosen, setChosen] = useState<EditedCompany[]>(companies);
  const ids = chosen.map((c) => c.companyId);
  const names = new Map(chosen.map((c) => [c.companyId, companyLabel(c)]));
  const [amount, setAmount] = useState('');
  const [enabled, setEnabled] = useState<'keep' | 'on' | 'off'>('keep');
  const [memoMode, setMemoMode] = useState<'keep' | 'set'>('keep');
  const [memo, setMemo] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  // For the rows the approval policy catches: the reason the approver reads, and replacing one that waits.
  const [why, setWhy] = useState('');
  const [replace, setReplace] = useState(false);
  const [whyMissing, setWhyMissing] = useState(false);
  const ta = useTranslations('approvals.edit');
  const approvalNote = useRowApproval(step.phase === 'review' ? step.policy : undefined, tab);
  const sendWords = useSendWords(t('confirm'));

  const amountLabel = tab === 'credit' ? t('amountCredit') : t('amountPoints');
  const valueWords = useQuotaValueWords(tab, { amount, memo }, { amount: amountLabel, memo: t('memo') });
  // A code about the typed value quotes it; any other code from the service is any string, and the catalogue says
  // whether it has a sentence for it.
  const reason = (code: string) => {
    const key = code as Parameters<typeof te.has>[0];
    // invalid_parameter from the service is not about the amount's form (the dialog checks that before sending).
    return (code === 'invalid_parameter' ? null : valueWords(code)) ?? (te.has(key) ? te(key) : code);
  };
  const figure = useQuotaFigure(tab);
  const nameOf = (row: PreviewRow) =>
    row.code || row.name ? companyLabel(row) : (names.get(row.companyId) ?? String(row.companyId));

  function changes(): QuotaChanges | null {
    const c: QuotaChanges = {};
    // The shared amount reader: "2,340,000", "NT$2,340,000" and full-width digits read as the box says.
    const n = parseAmountOrNull(amount);
    if (n !== null) {
      if (!Number.isFinite(n)) return null;
      c.amount = n;
    }
    if (enabled !== 'keep') c.enabled = enabled === 'on';
    if (memoMode === 'set') c.memo = memo;
    return c;
  }

  function review() {
    const c = changes();
    if (!c || Object.keys(c).length === 0) {
      setProblem((!c && valueWords('invalid_parameter')) || t('nothingChanged'));
      return;
    }
    setProblem(null);
    startTransition(async () => {
      try {
        const result = await previewQuotaEditAction({ tab, companyIds: ids, changes: c });
        if ('error' in result) setProblem(result.error === 'invalid_parameter' ? t('nothingChanged') : t('forbidden'));
        else setStep({ phase: 'review', ...result });
      } catch {
        setProblem(t('failed'));
      }
    });
  }

  function apply(rows: PreviewRow[]) {
    const caught = rows.some((r) => r.rules?.length);
    if (caught && why.trim() === '') {
      setWhyMissing(true);
      return;
    }
    setWhyMissing(false);
    startTransition(async () => {
      try {
        const result = await applyQuotaEditAction({
          tab,
          rows: rows.map(({ companyId, old, new: next, updatedAt }) => ({ companyId, old, new: next, updatedAt })),
          ...(caught ? { reason: why, replace } : {}),
        });
        if ('error' in result) setProblem(t('forbidden'));
        else {
          setStep({ phase: 'result', rows, outcomes: result.outcomes });
          router.refresh();
        }
      } catch {
        setProblem(t('failed'));
      }
    });
  }

  const title = tab === 'credit' ? t('titleCredit') : t('titlePoints');
  const onOff = (b: boolean) => (b ? t('on') : t('off'));

  let body: React.ReactNode;
  let footer: React.ReactNode;
  if (step.phase === 'form') {
    body = (
      <div className="space-y-4">
        <EditCompanies tab={tab} companies={chosen} typed={amount} />
        <AmountBox
          autoFocus
          label={amountLabel}
          description={t('keepAmount')}
          value={amount}
          onChange={setAmount}
          unit={tab === 'credit' ? 'money' : 'points'}
        />
        <Field label={t('enabled')}>
          <Select value={enabled} onChange={(e) => setEnabled(e.target.value as 'keep')}>
            <option value="keep">{t('keep')}</option>
            <option value="on">{t('on')}</option>
            <option value="off">{t('off')}</option>
          </Select>
        </Field>
        <Field label={t('changeMemo')}>
          <Select value={memoMode} onChange={(e) => setMemoMode(e.target.value as 'keep')}>
            <option value="keep">{t('keep')}</option>
            <option value="set">{t('memo')}</option>
          </Select>
        </Field>
        {memoMode === 'set' ? (
          <Field label={t('memo')}>
            <Textarea value={memo} onChange={(e) => setMemo(e.target.value)} rows={2} />
          </Field>
        ) : null}
        <RecordSearch
          label={tf('findCompany')}
          action="add"
          source={companySource}
          messages="find.companySearch"
          taken={new Set(ids)}
          onPick={(c) =>
            setChosen((list) =>
              list.some((x) => x.companyId === c.id)
                ? list
                : [...list, { companyId: c.id, code: c.outerSysCode, name: c.name, current: null }],
            )
          }
        />
      </div>
    );
    footer = (
      <>
        <Button variant="secondary" onClick={onClose}>
          {t('cancel')}
        </Button>
        <Button onClick={review} pending={pending}>
          {t('preview')}
        </Button>
      </>
    );
  } else if (step.phase === 'review') {
    const invalid = step.rows.some((r) => r.errors.length > 0);
    body = (
      <div className="space-y-3">
        <p className="text-sm">{t('reviewHelp')}</p>
        <ReviewTable
          amountHeader={tab === 'credit' ? t('amountColumnCredit') : t('amountColumnPoints')}
          rows={step.rows}
          t={t}
          money={figure}
          onOff={onOff}
          nameOf={nameOf}
          reason={reason}
          approvalNote={approvalNote}
        />
        <ApprovalFields
          rows={step.rows}
          reason={why}
          onReason={setWhy}
          replace={replace}
          onReplace={setReplace}
          missing={whyMissing}
        />
        {step.unreadable.map((u) => (
          <p key={u.companyId} className="text-sm text-red-700 dark:text-red-400">
            {names.get(u.companyId) ?? u.companyId}: {t('unreadable', { code: reason(u.code) })}
          </p>
        ))}
      </div>
    );
    footer = (
      <>
        <Button variant="secondary" onClick={() => setStep({ phase: 'form' })}>
          {t('back')}
        </Button>
        <Button onClick={() => apply(step.rows)} pending={pending} disabled={invalid || step.rows.length === 0}>
          {pending ? t('applying') : sendWords(step.rows)}
        </Button>
      </>
    );
  } else {
    const count = (s: EditOutcome['status']) => step.outcomes.filter((o) => o.status === s).length;
    body = (
      <div className="space-y-3">
        <p role="status" className="text-sm font-medium">
          {t('summary', {
            applied: count('applied'),
            refused: count('refused'),
            conflict: count('conflict'),
            unknown: count('unknown'),
          })}
          {count('proposed') ? ` · ${ta('summary', { proposed: count('proposed') })}` : null}
        </p>
        <ul className="space-y-1 text-sm">
          {step.outcomes.map((o) => {
            const row = step.rows.find((r) => r.companyId === o.companyId)!;
            const text =
              o.status === 'applied'
                ? o.readAt
                  ? t('applied', { when: plainSpaces(format.dateTime(new Date(o.readAt), 'dateTimeSeconds')) })
                  : t('appliedNoRead')
                : o.status === 'proposed'
                  ? ta('proposed')
                  : o.status === 'waits'
                    ? ta('waitsOutcome', { who: o.byEmail })
                    : o.status === 'refused'
                      ? t('refused', { reason: reason(o.code) })
                      : o.status === 'conflict'
                        ? t('conflict')
                        : t('unknown', { reason: reason(o.code) });
            return (
              <li key={o.companyId}>
                <span className="font-medium">{nameOf(row)}</span>: {text}
              </li>
            );
          })}
        </ul>
      </div>
    );
    footer = <Button onClick={onClose}>{t('done')}</Button>;
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title={step.phase === 'form' ? title : step.phase === 'review' ? t('reviewTitle') : t('resultTitle')}
      description={t('description', { count: ids.length })}
      className="w-[min(48rem,calc(100vw-2rem))]"
      footer={footer}
    >
      {problem ? (
        <Alert tone="error" className="mb-3">
          {problem}
        </Alert>
      ) : null}
      {body}
    </Dialog>
  );
}
