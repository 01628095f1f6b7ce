import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { halfWidthMarks } from './zh-punctuation';

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) => {
    const at = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'string' ? [[at, value] as [string, string]] : leaves(value, at);
  });
}

describe('the rule: Chinese sentences take full-width ：；，', () => {
  it('finds an ASCII colon, semicolon or comma touching Chinese text', () => {
    expect(halfWidthMarks('信用額度: {amount}')).toEqual(['信用額度: {…}']);
    expect(halfWidthMarks('漲幅 20%; 信用額度 {amount}')).toHaveLength(1);
    expect(halfWidthMarks('名稱,代碼')).toHaveLength(1);
    expect(halfWidthMarks('{count, plural, other {共 # 筆, 請確認}}')).toHaveLength(1);
    expect(halfWidthMarks('<b>警告:</b> {text}')).toHaveLength(1);
  });

  it('leaves ICU syntax, clock times, codes and English alone', () => {
    expect(halfWidthMarks('{count, plural, other {# 筆資料}}')).toEqual([]);
    expect(halfWidthMarks('{at, select, other {於 {at} 同步}}')).toEqual([]);
    expect(halfWidthMarks('凌晨 12:40 同步')).toEqual([]);
    expect(halfWidthMarks('信用額度：{amount}；點數，{points}')).toEqual([]);
    expect(halfWidthMarks('Content-Type: application/json')).toEqual([]);
    expect(halfWidthMarks('{a}, {b}')).toEqual([]);
  });
});

describe('the zh-TW catalogue', () => {
  const dir = path.join(process.cwd(), 'messages', 'zh-TW');
  const files = readdirSync(dir).filter((name) => name.endsWith('.json'));
  it.each(files)('%s uses full-width punctuation in its Chinese sentences', (file) => {
    const tree = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Tree;
    const offending = leaves(tree).flatMap(([key, message]) => halfWidthMarks(message).map((at) => `${key}: ${at}`));
    expect(offending).toEqual([]);
  });
});
