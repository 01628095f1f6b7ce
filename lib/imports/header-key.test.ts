import { describe, expect, it } from 'vitest';
import { normaliseHeader } from './header-key';

describe('normaliseHeader', () => {
  it('matches a workbook time column that names its zone with the same header without it', () => {
    expect(normaliseHeader('Read at (Asia/Taipei)')).toBe(normaliseHeader('Read at'));
    expect(normaliseHeader('讀取時間（Asia/Taipei）')).toBe(normaliseHeader('讀取時間'));
    expect(normaliseHeader('Updated (UTC)')).toBe(normaliseHeader('Updated'));
  });

  it('keeps a bracketed word that is not a zone', () => {
    expect(normaliseHeader('Price (NT$)')).not.toBe(normaliseHeader('Price'));
  });
});
