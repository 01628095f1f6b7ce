import { createTranslator } from 'use-intl/core';
import { describe, expect, it } from 'vitest';
import en from '@/messages/en/rejections.json';
import zh from '@/messages/zh-TW/rejections.json';
import { causeKey, causeSentence, quotedValue } from './rejection-words';

const words = (messages: typeof en, locale: string) => {
  const t = createTranslator({ locale, messages, namespace: 'rejections' });
  return t as unknown as Parameters<typeof causeSentence>[0];
};
const errorText = (code: string) => `<${code}>`;

describe('causeSentence', () => {
  it('says what is wrong with the value sent and what to do, in both languages', () => {
    const cause = { errorCode: 'company_not_found', field: null, value: 'C1009' };
    expect(causeSentence(words(en, 'en'), errorText, cause)).toBe(
      'Company code C1009 does not exist: create the company or correct the code in the ERP.',
    );
    expect(causeSentence(words(zh, 'zh-TW'), errorText, cause)).toBe(
      '公司代碼 C1009 不存在：請建立該公司，或在 ERP 中更正代碼。',
    );
    // A code that is a sentence of the service's ("product not found") has its own words too.
    expect(
      causeSentence(words(en, 'en'), errorText, { errorCode: 'product not found', field: null, value: 7 }),
    ).toMatch(/^Product 7 does not exist/);
  });

  it("falls back to the error's sentence and the value sent, cutting a long value", () => {
    const t = words(en, 'en');
    expect(causeSentence(t, errorText, { errorCode: 'invalid_balance', field: 'balance', value: -1 })).toBe(
      '<invalid_balance> (sent: -1)',
    );
    expect(causeSentence(t, errorText, { errorCode: 'last_active_admin', field: null, value: null })).toBe(
      '<last_active_admin>',
    );
    expect(quotedValue('x'.repeat(100), '(empty)')).toHaveLength(58);
    expect(quotedValue('', '(empty)')).toBe('(empty)');
    expect(causeKey('bundle SKU cannot be updated through this API')).toBe(
      'bundle_sku_cannot_be_updated_through_this_api',
    );
  });
});
