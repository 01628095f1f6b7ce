'use client';

import { useLocale, useTranslations } from 'next-intl';
import { useRouter } from 'next/navigation';
import { useState, useTransition, type FormEvent } from 'react';
import { Alert, Button, Checkbox, Field, Input, Textarea } from '@/components/ui';
import { toast } from '@/components/ui/toast';
import { APPROVAL_WINDOW_DAYS, approvalPolicy, type ApprovalPolicy } from '@/lib/contract/approval-policy';
import { saveApprovalPolicyAction } from '../../approvals/actions';
import { parseAmountOrNull } from '@/lib/contract/amount-text';

/** The form's fields, named by the policy's paths (the schema's issues come back by the same names). */
const FIELDS = [
  'credit.increasePercent',
  'credit.increaseAmount',
  'credit.companyCodes',
  'point.balanceChange',
  'expiryDays',
  'windowDays',
] as const;
type FieldName = (typeof FIELDS)[number];

const ERROR_KEY: Record<FieldName, 'thresholdInvalid' | 'codesInvalid' | 'expiryInvalid' | 'windowInvalid'> = {
  'credit.increasePercent': 'thresholdInvalid',
  'credit.increaseAmount': 'thresholdInvalid',
  'credit.companyCodes': 'codesInvalid',
  'point.balanceChange': 'thresholdInvalid',
  expiryDays: 'expiryInvalid',
  windowDays: 'windowInvalid',
};

/**
 * A threshold as typed: blank is "no threshold"; read by the shared amount reader ("100,000", "NT$100,000", full-width
 * digits); anything else fails the schema.
 */
function threshold(raw: FormDataEntryValue | null): number | null {
  return parseAmountOrNull(String(raw ?? ''));
}

function fromForm(form: FormData) {
  return {
    credit: {
      increasePercent: threshold(form.get('credit.increasePercent')),
      increaseAmount: threshold(form.get('credit.increaseAmount')),
      controlOff: form.get('credit.controlOff') === 'on',
      companyCodes: String(form.get('credit.companyCodes') ?? '')
        .split(/\r?\n/)
        .map((c) => c.trim())
        .filter(Boolean),
    },
    point: { balanceChange: threshold(form.get('point.balanceChange')) },
    expiryDays: Number(String(form.get('expiryDays') ?? '').trim() || NaN),
    windowDays: Number(String(form.get('windowDays') ?? '').trim() || NaN),
  };
}

/**
 * The approval policy (issue 55 point 2), for admins: checked field by field with the contract's schema before it
 * is sent, and again by the action; each save is a new version, on the record.
 */
export function ApprovalPolicyForm({ policy, version }: { policy: ApprovalPolicy; version: string }) {
  const t = useTranslations('approvals.policy');
  const te = useTranslations('errors');
  const router = useRouter();
  // Amounts shown with thousands separators (the parser above takes them back out).
  const grouped = new Intl.NumberFormat(useLocale(), { maximumFractionDigits: 4 });
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = approvalPolicy.safeParse(fromForm(new FormData(event.currentTarget)));
    if (!parsed.success) {
      const found: Partial<Record<FieldName, string>> = {};
      for (const issue of parsed.error.issues) {
        const name = FIELDS.find((f) => issue.path.join('.').startsWith(f));
        if (name && !found[name]) found[name] = t(ERROR_KEY[name], APPROVAL_WINDOW_DAYS);
      }
      setErrors(found);
      setProblem(t('invalid'));
      return;
    }
    setErrors({});
    setProblem(null);
    startTransition(async () => {
      const result = await saveApprovalPolicyAction(parsed.data);
      if ('error' in result) {
        const key = result.error as Parameters<typeof te.has>[0];
        setProblem(te.has(key) ? te(key) : result.error);
        return;
      }
      toast.success(t('saved', { version: result.version }));
      router.refresh();
    });
  }

  const number = (name: FieldName, value: number | null, label: string, description?: string) => (
    <Field label={label} error={errors[name]} description={description}>
      <Input
        name={name}
        inputMode="decimal"
        defaultValue={value === null ? '' : grouped.format(value)}
        className="max-w-48"
      />
    </Field>
  );

  return (
    <form onSubmit={save} noValidate className="space-y-4" aria-busy={pending}>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{version}</p>
      {problem ? <Alert tone="error">{problem}</Alert> : null}
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="sr-only">{t('title')}</legend>
        {number('credit.increasePercent', policy.credit.increasePercent, t('increasePercent'), t('blank'))}
        {number('credit.increaseAmount', policy.credit.increaseAmount, t('increaseAmount'), t('blank'))}
        {number('point.balanceChange', policy.point.balanceChange, t('balanceChange'), t('blank'))}
        <Field label={t('expiryDays')} error={errors.expiryDays}>
          <Input name="expiryDays" inputMode="numeric" defaultValue={policy.expiryDays} className="max-w-24" required />
        </Field>
        <Field label={t('windowDays')} error={errors.windowDays} description={t('windowHelp', APPROVAL_WINDOW_DAYS)}>
          <Input name="windowDays" inputMode="numeric" defaultValue={policy.windowDays} className="max-w-24" required />
        </Field>
      </fieldset>
      <Checkbox name="credit.controlOff" defaultChecked={policy.credit.controlOff} label={t('controlOff')} />
      <Field label={t('companyCodes')} error={errors['credit.companyCodes']}>
        <Textarea
          name="credit.companyCodes"
          defaultValue={policy.credit.companyCodes.join('\n')}
          rows={3}
          className="max-w-md font-mono"
        />
      </Field>
      <Button type="submit" pending={pending}>
        {t('save')}
      </Button>
    </form>
  );
}
