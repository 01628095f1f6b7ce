'use client';

import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { Checkbox, Field, Textarea } from '@/components/ui';
import type { ApprovalPolicy } from '@/lib/contract/approval-policy';
import { quotaFamilyOf, type PreviewRow } from '@/lib/contract/console/quotas';
import { ruleWords, windowChangeWords } from '@/lib/i18n/approval-words';
import { plainSpaces } from '@/lib/i18n/formats';
import { useSeparators } from '@/lib/i18n/use-separators';

/**
 * The rules a reviewed row trips, in words ("Needs approval: credit limit increase over 20%"), with the earlier
 * steps of the policy's window that count ("+15% now, +52% since 3 Dec 2026").
 */
export function useRowApproval(policy: ApprovalPolicy | undefined, tab: 'credit' | 'points') {
  const t = useTranslations('approvals');
  const locale = useLocale();
  const marks = useSeparators();
  const format = useFormatter();
  const day = (iso: string) => plainSpaces(format.dateTime(new Date(iso), 'date'));
  return (row: PreviewRow): string | null => {
    const notes: string[] = [];
    if (policy && row.rules?.length)
      notes.push(
        t('edit.needsApproval', { rules: row.rules.map((r) => ruleWords(t, locale, policy, r)).join(marks.clause) }),
      );
    if (row.rules?.length && row.window) {
      notes.push(windowChangeWords(t, locale, quotaFamilyOf(tab), row.window, row.old.amount, row.new.amount, day));
    }
    if (row.waiting) notes.push(t('edit.waits', { who: row.waiting.byEmail }));
    return notes.length ? notes.join(' ') : null;
  };
}

/**
 * The review's button in words of what it does: "Send for approval" when every change waits for a second person,
 * "Apply and send for approval" when some do, the dialog's own "Apply changes" when none does.
 */
export function useSendWords(apply: string) {
  const t = useTranslations('approvalDecisions.send');
  return (rows: readonly PreviewRow[]): string => {
    const caught = rows.filter((r) => r.rules?.length).length;
    return caught === 0 ? apply : caught === rows.length ? t('all') : t('some');
  };
}

/**
 * Shown when the review has rows that need approval: the reason the approver reads (required), and, when one
 * already waits for such a company, the choice to replace it.
 */
export function ApprovalFields({
  rows,
  reason,
  onReason,
  replace,
  onReplace,
  missing,
}: {
  rows: PreviewRow[];
  reason: string;
  onReason: (v: string) => void;
  replace: boolean;
  onReplace: (v: boolean) => void;
  missing: boolean;
}) {
  const t = useTranslations('approvals.edit');
  const caught = rows.filter((r) => r.rules?.length);
  if (caught.length === 0) return null;
  return (
    <div className="space-y-2">
      <Field
        label={t('reasonLabel')}
        description={t('reasonHelp', { count: caught.length })}
        error={missing ? t('reasonRequired') : undefined}
        required
      >
        <Textarea value={reason} onChange={(e) => onReason(e.target.value)} rows={2} maxLength={1000} />
      </Field>
      {caught.some((r) => r.waiting) ? (
        <Checkbox checked={replace} onChange={(e) => onReplace(e.target.checked)} label={t('replace')} />
      ) : null}
    </div>
  );
}
