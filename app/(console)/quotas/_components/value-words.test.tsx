import { NextIntlClientProvider } from 'next-intl';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { messagesFor } from '@/lib/i18n/messages';
import { useQuotaValueWords } from './value-words';

/** The quota edit's sentence for a refused value (issue 54 point 3), as the dialog shows it. */
function sentence(tab: 'credit' | 'points', code: string, typed: { amount?: string; memo?: string }, locale = 'en') {
  function Probe() {
    const words = useQuotaValueWords(
      tab,
      { amount: typed.amount ?? '', memo: typed.memo ?? '' },
      { amount: locale === 'en' ? 'Credit amount' : '信用額度', memo: 'Memo' },
    );
    return <p>{words(code) ?? '-'}</p>;
  }
  const html = renderToStaticMarkup(
    <NextIntlClientProvider locale={locale} messages={messagesFor(locale as 'en')} timeZone="UTC">
      <Probe />
    </NextIntlClientProvider>,
  );
  return html.replace(/<[^>]+>/g, '').replace(/&quot;/g, '"');
}

describe('the quota edit quotes what was typed and says what is expected', () => {
  it('an amount that is not a number, with the contract’s decimals', () => {
    expect(sentence('credit', 'invalid_parameter', { amount: 'abc' })).toBe(
      'Credit amount “abc” is not a number: use digits, up to 4 decimals',
    );
    expect(sentence('credit', 'invalid_parameter', { amount: '十萬' }, 'zh-TW')).toBe(
      '信用額度「十萬」不是數字：請只填數字，最多 4 位小數',
    );
  });

  it('an amount out of the contract’s range, and a memo over its limit', () => {
    expect(sentence('credit', 'invalid_credit_amount', { amount: '-5' })).toBe(
      'Credit amount “-5” is out of range: use 0 to 99,999,999,999,999.9999',
    );
    expect(sentence('points', 'invalid_balance', { amount: '-1' })).toMatch(/“-1” is not allowed: use 0 or more$/);
    expect(sentence('credit', 'invalid_memo', { memo: 'x'.repeat(201) })).toBe('Memo has 201 characters; at most 200');
  });

  it('says nothing of a code that is not about the value', () => {
    expect(sentence('credit', 'not_found', { amount: '5' })).toBe('-');
  });
});
