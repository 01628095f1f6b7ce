import { createTranslator } from 'use-intl/core';
import { describe, expect, it } from 'vitest';
import { en } from '@/messages/en';
import { zhTW } from '@/messages/zh-TW';
import { itemErrors } from '@/lib/imports/item-errors';
import {
  catalogueRejectionWords,
  causeKey,
  causeSentence,
  errorSentence,
  quotedValue,
  sentValue,
} from './rejection-words';

const wordsOf = (messages: typeof en, locale: string) => {
  const all = createTranslator({ locale, messages });
  type Key = Parameters<typeof all>[0];
  return catalogueRejectionWords(
    (key, values) => all(key as Key, values),
    (key) => all.has(key as Key),
  );
};
const EN = wordsOf(en, 'en');
const ZH = wordsOf(zhTW as typeof en, 'zh-TW');

describe('causeSentence', () => {
  it('says what is wrong with the value sent and what to do, in both languages', () => {
    const error = { code: 'company_not_found', field: null, value: 'C1009' };
    expect(causeSentence(EN, error)).toBe(
      'Company code C1009 does not exist: create the company or correct the code in the ERP.',
    );
    expect(causeSentence(ZH, error)).toBe('公司代碼 C1009 不存在：請建立該公司，或在 ERP 中更正代碼。');
    // A code that is a sentence of the service's ("product not found") has its own words too.
    expect(causeSentence(EN, { code: 'product not found', field: null, value: 7 })).toMatch(
      /^Product 7 does not exist/,
    );
  });

  it("says the limit and the length sent, and a price's range, from the contract's figures", () => {
    const [name, price] = itemErrors('skus', { name: 'n'.repeat(412), sellPrice: -50 }, [
      'name_too_long',
      'invalid_price',
    ]);
    expect(causeSentence(EN, name!)).toMatch(/^The name “n+…” has 412 characters; the service accepts at most 100: /);
    expect(causeSentence(ZH, name!)).toMatch(/^名稱「n+…」有 412 個字，服務最多接受 100 個字：/);
    expect(errorSentence(EN, name!)).toBe('Name has 412 characters; at most 100');
    expect(errorSentence(ZH, name!)).toBe('名稱有 412 個字，最多 100 個字');
    expect(causeSentence(EN, price!)).toBe(
      'Sell price -50 is out of range: the service accepts 0 to 9,999,999.99. Correct it here or in the ERP.',
    );
    expect(errorSentence(EN, price!)).toBe('Sell price “-50” is out of range: use 0 to 9,999,999.99');
    // A company's name has its own limit (50), read from the same contract.
    const [company] = itemErrors('companies', { name: '公'.repeat(60) }, ['name_too_long']);
    expect(errorSentence(ZH, company!)).toBe('名稱有 60 個字，最多 50 個字');
  });

  it("falls back to the error's sentence and the value sent, cutting a long value", () => {
    expect(causeSentence(EN, { code: 'last_active_admin', field: null, value: null })).toBe(
      EN.errorText('last_active_admin'),
    );
    expect(causeSentence(EN, { code: 'invalid_memo', field: 'memo', value: 7 })).toBe(
      `${EN.errorText('invalid_memo')} (sent: 7)`,
    );
    expect(quotedValue('x'.repeat(100), '(empty)')).toHaveLength(58);
    expect(quotedValue('', '(empty)')).toBe('(empty)');
    expect(causeKey('bundle SKU cannot be updated through this API')).toBe(
      'bundle_sku_cannot_be_updated_through_this_api',
    );
  });

  it('shows the value as sent: -50 as -50, a long name cut with its length', () => {
    expect(sentValue(EN.t, -50)).toBe('-50');
    expect(sentValue(EN.t, 'n'.repeat(412))).toBe(`“${'n'.repeat(57)}…” (412 characters)`);
    expect(sentValue(ZH.t, '名'.repeat(412))).toBe(`「${'名'.repeat(57)}…」（412 個字）`);
    expect(sentValue(EN.t, null)).toBe('(not sent)');
  });
});
