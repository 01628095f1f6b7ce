'use client';

import { useFormatter, useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import { RecordSearch } from '@/components/form/record-search';
import { Alert, Button, Dialog, Field, Input, Select, Textarea } from '@/components/ui';
import { companySource, recordLabel } from '@/lib/client/pickers';
import type { ApplyOutcome, PreviewRow, QuotaChanges } from '@/lib/contract/console/quotas';
import { applyQuotaEditAction, previewQuotaEditAction } from '../actions';
import { plainSpaces } from '@/lib/i18n/formats';

type Step =
  | { phase: 'form' }
  | { phase: 'review'; rows: PreviewRow[]; unreadable: { companyId: number; code: string }[] }
  | { phase: 'result'; rows: PreviewRow[]; outcomes: ApplyOutcome[] };

/**
 * Edit one company's or a selection's quota: choose the changes, review old → new per company as just read
 * from the platform, apply through the batch endpoint, and see each company's outcome (matched by index on
 * the server). Afterwards the page re-renders with the rows read again.
 */
export function EditDialog({
  tab,
  companyIds,
  names,
  onClose,
}: {
  tab: 'credit' | 'points';
  companyIds: number[];
  names: Map<number, string>;
  onClose: () => void;
}) {
  const t = useTranslations('quotas.edit');
  const te = useTranslations('errors');
  const format = useFormatter();
  const router = useRouter();
  const tf = useTranslations('find');
  const [step, setStep] = useState<Step>({ phase: 'form' });
  // The companies in this edit: the selection it opened with, plus any added with the company picker.
  const [ids, setIds] = useState<number[]>(companyIds);
  const [added, setAdded] = useState<Map<number, string>>(new Map());
  const [amount, setAmount] = useState('');
  const [enabled, setEnabled] = useState<'keep' | 'on' | 'off'>('keep');
  const [memoMode, setMemoMode] = useState<'keep' | 'set'>('keep');
  const [memo, setMemo] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  // A code from the service is any string; the catalogue says whether it has a sentence for it.
  const reason = (code: string) => {
    const key = code as Parameters<typeof te.has>[0];
    return te.has(key) ? te(key) : code;
  };
  const money = (n: number) => format.number(n, { maximumFractionDigits: 4 });
  const nameOf = (row: { companyId: number; code: string | null; name: string | null }) =>
    [row.code ?? names.get(row.companyId) ?? added.get(row.companyId), row.name].filter(Boolean).join(' — ') || String(row.companyId);

  function changes(): QuotaChanges | null {
    const c: QuotaChanges = {};
    if (amount.trim() !== '') {
      const n = Number(amount.trim());
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
      setProblem(t('nothingChanged'));
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
    startTransition(async () => {
      try {
        const result = await applyQuotaEditAction({ tab, rows: rows.map(({ companyId, old, new: next, updatedAt }) => ({ companyId, old, new: next, updatedAt })) });
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

  const amountLabel = tab === 'credit' ? t('amountCredit') : t('amountPoints');
  const title = tab === 'credit' ? t('titleCredit') : t('titlePoints');
  const onOff = (b: boolean) => (b ? t('on') : t('off'));

  let body: React.ReactNode;
  let footer: React.ReactNode;
  if (step.phase === 'form') {
    body = (
      <div className="space-y-4">
        <Field label={amountLabel} description={t('keepAmount')}>
          <Input inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />
        </Field>
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
          onPick={(c) => {
            setIds((list) => (list.includes(c.id) ? list : [...list, c.id]));
            setAdded((m) => new Map(m).set(c.id, recordLabel(c)));
          }}
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
        <ReviewTable amountHeader={tab === 'credit' ? t('amountColumnCredit') : t('amountColumnPoints')} rows={step.rows} t={t} money={money} onOff={onOff} nameOf={nameOf} reason={reason} />
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
          {pending ? t('applying') : t('confirm')}
        </Button>
      </>
    );
  } else {
    const count = (s: ApplyOutcome['status']) => step.outcomes.filter((o) => o.status === s).length;
    body = (
      <div className="space-y-3">
        <p role="status" className="text-sm font-medium">
          {t('summary', { applied: count('applied'), refused: count('refused'), conflict: count('conflict'), unknown: count('unknown') })}
        </p>
        <ul className="space-y-1 text-sm">
          {step.outcomes.map((o) => {
            const row = step.rows.find((r) => r.companyId === o.companyId)!;
            const text =
              o.status === 'applied'
                ? o.readAt
                  ? t('applied', { when: plainSpaces(format.dateTime(new Date(o.readAt), 'dateTimeSeconds')) })
                  : t('appliedNoRead')
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
    <Dialog open onClose={onClose} title={step.phase === 'form' ? title : step.phase === 'review' ? t('reviewTitle') : t('resultTitle')} description={t('description', { count: ids.length })} className="w-[min(48rem,calc(100vw-2rem))]" footer={footer}>
      {problem ? (
        <Alert tone="error" className="mb-3">
          {problem}
        </Alert>
      ) : null}
      {body}
    </Dialog>
  );
}

function ReviewTable({
  amountHeader,
  rows,
  t,
  money,
  onOff,
  nameOf,
  reason,
}: {
  amountHeader: string;
  rows: PreviewRow[];
  t: ReturnType<typeof useTranslations<'quotas.edit'>>;
  money: (n: number) => string;
  onOff: (b: boolean) => string;
  nameOf: (row: PreviewRow) => string;
  reason: (code: string) => string;
}) {
  const change = (a: string, b: string) => (a === b ? t('unchanged') : `${a} → ${b}`);
  return (
    <div className="max-h-80 overflow-auto rounded border border-zinc-200 dark:border-zinc-800">
      <table className="w-full text-left text-sm">
        <thead className="bg-zinc-50 dark:bg-zinc-900">
          <tr>
            <th scope="col" className="px-2 py-1 font-medium">{t('company')}</th>
            <th scope="col" className="px-2 py-1 font-medium">{amountHeader}</th>
            <th scope="col" className="px-2 py-1 font-medium">{t('enabled')}</th>
            <th scope="col" className="px-2 py-1 font-medium">{t('memo')}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
          {rows.map((r) => (
            <tr key={r.companyId}>
              <th scope="row" className="px-2 py-1 font-normal">
                {nameOf(r)}
                {r.errors.map((e) => (
                  <span key={e.field + e.code} className="block text-red-700 dark:text-red-400">
                    {t('invalid', { reason: reason(e.code) })}
                  </span>
                ))}
              </th>
              <td className="px-2 py-1 tabular-nums">{change(money(r.old.amount), money(r.new.amount))}</td>
              <td className="px-2 py-1">{change(onOff(r.old.enabled), onOff(r.new.enabled))}</td>
              <td className="px-2 py-1">{change(r.old.memo ?? '', r.new.memo ?? '')}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
