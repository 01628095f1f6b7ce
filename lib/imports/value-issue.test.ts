import { createTranslator } from 'next-intl';
import { describe, expect, it } from 'vitest';
import { messagesFor } from '@/lib/i18n/messages';
import { checkRows } from './check';
import { describeIssue } from './describe';
import { FAMILIES, type FamilyName } from './families';
import { catalogueIssueWords } from './issue-words';
import { autoMap } from './mapping';
import { parseCsv } from '../files/csv-parse';

/**
 * A refused cell's sentence quotes the value and says what the field takes (issue 54 point 3), in both languages,
 * with the contract's limits; a row that would open a "Needs attention" finding is warned, naming the rule; the
 * check's table gets the row's ERP code.
 */
function check(text: string, family: FamilyName) {
  const parsed = parseCsv(text);
  const mapping = autoMap(parsed.headers, FAMILIES[family]);
  return checkRows(FAMILIES[family], parsed.headers, mapping, parsed.rows, parsed.malformedLines);
}

function sentences(locale: 'en' | 'zh-TW', text: string, family: FamilyName) {
  const t = createTranslator({ locale, messages: messagesFor(locale) });
  const words = catalogueIssueWords(
    (key, values) => t(key as 'errors.not_found', values as never),
    (key) => t.has(key as 'errors.not_found'),
  );
  return check(text, family).rows.map((row) => ({
    errors: row.errors.map((e) => describeIssue(e, words)),
    warnings: row.warnings.map((w) => describeIssue(w, words)),
  }));
}

describe('errors that quote the value', () => {
  it('says what each field takes, with the contract limits (en)', () => {
    const rows = sentences(
      'en',
      `id,name,sellPrice,quantityPrecision\n1,ok,abc,0\n2,${'x'.repeat(141)},1,0\n3,ok,-5,9\n4,ok,1,1.5\n`,
      'skus',
    );
    expect(rows[0]!.errors).toEqual(['Sell price “abc” is not a number: use digits, up to 2 decimals']);
    expect(rows[1]!.errors).toEqual(['Name has 141 characters; at most 100']);
    expect(rows[2]!.errors).toEqual([
      'Sell price “-5” is out of range: use 0 to 9,999,999.99',
      'Quantity precision “9” is not allowed: use a whole number from 0 to 4',
    ]);
    expect(rows[3]!.errors).toEqual(['Quantity precision “1.5” is not a whole number: use digits only']);
  });

  it('in Traditional Chinese, and for the quota families', () => {
    const zh = sentences('zh-TW', 'companyCode,creditAmount,enabled,memo\nC1,十萬,maybe,ok\n', 'creditQuotas');
    expect(zh[0]!.errors).toEqual([
      expect.stringMatching(/「十萬」不是數字：請只填數字，最多 4 位小數$/),
      expect.stringMatching(/「maybe」不是「是」或「否」/),
    ]);
    const en = sentences('en', `companyCode,balance,memo\nC1,-1,${'備'.repeat(201)}\n`, 'pointQuotas');
    expect(en[0]!.errors).toEqual([
      expect.stringMatching(/“-1” is not allowed: use 0 or more$/),
      expect.stringMatching(/has 201 characters; at most 200$/),
    ]);
  });
});

describe('the check runs the "Needs attention" rules on the rows it would write', () => {
  it('a price file setting a list price below the sell price warns, naming the rule; the row is still sent', () => {
    const text = 'skuId,price,sellPrice\n1,100,120\n2,150,120\n';
    const { rows, counts } = check(text, 'prices');
    expect(rows[0]!.warnings).toEqual([{ code: 'needs_attention', params: { rule: 'sku-sell-above-list' } }]);
    expect(rows[1]!.warnings).toEqual([]);
    expect(counts).toMatchObject({ toSend: 2, heldBack: 0, warned: 1 });
    expect(sentences('en', text, 'prices')[0]!.warnings).toEqual([
      'Would open a “Needs attention” finding: Sell price above list price. The row is still sent.',
    ]);
    expect(sentences('zh-TW', text, 'prices')[0]!.warnings).toEqual([expect.stringContaining('售價高於定價')]);
  });

  it('on the checked path too (a row that can only create), and for spacing in a SKU name', () => {
    const { rows } = check('productId,outerSysCode,name,sellPrice\n1,S1,Tea  300g,0\n', 'skus');
    expect(rows[0]!.warnings.map((w) => w.params?.rule)).toEqual(['sku-no-sell-price', 'sku-text-spacing']);
  });
});

describe('the ERP code beside the line', () => {
  it('is the mapped ERP code, or an ERP code column a price file carries for reading', async () => {
    const { checkFile, issueRows } = await import('./check');
    const parsed = parseCsv('skuId,ERP code,price,sellPrice\n1,S-001,100,120\n');
    const mapping = autoMap(parsed.headers, FAMILIES.prices);
    const result = checkFile(FAMILIES.prices, parsed.headers, mapping, parsed.rows);
    expect(issueRows(parsed.rows, result, 10)[0]).toMatchObject({ line: 2, code: 'S-001' });
  });
});
