import { createTranslator } from 'next-intl';
import { describe, expect, it } from 'vitest';
import { noRowCounts, type RowStatus } from '@/lib/contract/console/imports';
import en from '@/messages/en/imports.json';
import zh from '@/messages/zh-TW/imports.json';
import enWords from '@/messages/en/result-words.json';
import zhWords from '@/messages/zh-TW/result-words.json';
import { finishedWords, resultSentence, rowWord } from './result-words';

const counts = (given: Partial<Record<RowStatus, number>>): Record<RowStatus, number> => ({
  ...noRowCounts(),
  ...given,
});
const tEn = createTranslator({ locale: 'en', messages: en, namespace: 'imports' });
const tZh = createTranslator({ locale: 'zh-TW', messages: zh, namespace: 'imports' });
const say = (w: { key: string; values: Record<string, number> }, t = tEn) =>
  t(w.key as 'result.allUnchanged', w.values as { count: number });

describe('the sentence under an ended import', () => {
  it('says an import whose rows were all skipped as unchanged sent nothing, not that none succeeded', () => {
    expect(say(resultSentence(counts({ skipped: 500 }), 500))).toBe('500 rows unchanged, nothing sent');
    expect(say(resultSentence(counts({ skipped: 500 }), 500), tZh)).toBe('500 列沒有變更，未送出任何資料');
  });

  it('counts skipped rows apart from the rows meant to succeed', () => {
    expect(say(resultSentence(counts({ updated: 490, skipped: 10 }), 500))).toBe(
      '490 of 490 rows succeeded; 10 unchanged, not sent',
    );
    expect(say(resultSentence(counts({ created: 27, not_sent: 3 }), 30))).toBe('27 of 30 rows succeeded; 3 not sent');
    expect(say(resultSentence(counts({ created: 2, failed: 1 }), 3))).toBe('2 of 3 rows succeeded');
    expect(say(resultSentence(counts({ created: 27, not_sent: 3 }), 30), tZh)).toBe('30 列中有 27 列成功；3 列未送出');
  });

  it('counts rows sent for approval apart: they wait for a manager, neither succeeded nor failed', () => {
    expect(say(resultSentence(counts({ ok: 1, proposed: 2 }), 3))).toBe(
      '1 of 1 rows succeeded; 2 sent for approval, not sent yet',
    );
    expect(say(resultSentence(counts({ proposed: 2 }), 2))).toBe('Nothing sent; 2 sent for approval');
    expect(say(finishedWords(counts({ ok: 1, proposed: 2 }), 0))).toBe('Finished, 2 sent for approval');
    expect(rowWord('proposed')).toBe('sentForApproval');
  });

  it('says nothing was sent when every row was held back', () => {
    expect(say(resultSentence(counts({ not_sent: 4, skipped: 2 }), 6))).toBe(
      'Nothing sent: 4 rows held back, 2 unchanged',
    );
    expect(say(resultSentence(counts({ not_sent: 1 }), 1))).toBe('Nothing sent: 1 row held back');
  });
});

describe("an ended import's state in the Imports list", () => {
  it('is plain "Finished" only when every sent row went through', () => {
    expect(say(finishedWords(counts({ created: 5, skipped: 2 }), 0))).toBe('Finished');
    expect(say(finishedWords(counts({ created: 5, not_sent: 3 }), 0))).toBe('Finished, 3 not sent');
    expect(say(finishedWords(counts({ failed: 2, unknown: 1 }), 2))).toBe(
      'Finished, 2 failed, 1 unknown, 2 mispredicted',
    );
    expect(say(finishedWords(counts({ not_sent: 3 }), 1), tZh)).toBe('已完成，3 列未送出，1 列預測錯誤');
  });
});

describe("a row's status word", () => {
  it('agrees with a comparison that said the row changes nothing', () => {
    expect(rowWord('updated', 'same')).toBe('unchanged');
    const words = createTranslator({ locale: 'en', messages: enWords, namespace: 'resultWords' });
    expect(words(rowWord('updated', 'same'))).toBe('Unchanged');
    expect(rowWord('updated', 'update')).toBe('updated');
    expect(rowWord('updated', null)).toBe('updated');
    expect(rowWord('failed', 'same')).toBe('refused');
  });

  it('is one word for a row skipped as unchanged and one sent that changed nothing, in both languages', () => {
    const zh = createTranslator({ locale: 'zh-TW', messages: zhWords, namespace: 'resultWords' });
    expect(rowWord('skipped')).toBe(rowWord('updated', 'same'));
    expect(zh(rowWord('skipped'))).toBe('未變更');
    expect(rowWord('ok')).toBe('written');
  });
});
