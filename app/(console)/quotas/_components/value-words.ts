'use client';

import { useTranslations } from 'next-intl';
import { expectationOf } from '@/lib/contract/expectations';
import { QUOTA_MEMO_MAX } from '@/lib/contract/values';

/**
 * The quota edit's sentences for a value it cannot take, quoting what was typed and saying what is expected, with
 * the contract's sentences and limits (issue 54 point 3: "Credit amount “abc” is not a number: use digits, up to 4
 * decimals"), as the import check and the record forms say them. Null for a code that is not about the value.
 */
export function useQuotaValueWords(
  tab: 'credit' | 'points',
  typed: { amount: string; memo: string },
  labels: { amount: string; memo: string },
) {
  const tv = useTranslations('valueIssues');
  const amountField = tab === 'credit' ? 'creditAmount' : 'balance';
  return (code: string): string | null => {
    const memo = code === 'invalid_memo';
    const text = (memo ? typed.memo : typed.amount).trim();
    if (text === '') return null;
    const sentence = memo
      ? expectationOf(code, 'memo', text, 'text', QUOTA_MEMO_MAX)
      : expectationOf(code, amountField, text, 'number', undefined);
    if (!sentence) return null;
    return tv(
      sentence.expect as 'number',
      {
        ...sentence.params,
        field: memo ? labels.memo : labels.amount,
      } as { field: string },
    );
  };
}
