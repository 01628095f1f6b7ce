import { describe, expect, it } from 'vitest';
import { gs1CheckDigit, gs1CheckDigitValid } from './gs1';
import { hasBadSpacing, hasFullWidth } from './text';

describe('GS1 check digits', () => {
  it('accepts real EAN-8, UPC-A, EAN-13 and GTIN-14 keys and refuses each with its last digit changed', () => {
    for (const code of ['96385074', '036000291452', '4006381333931', '10614141000415']) {
      expect(gs1CheckDigitValid(code)).toBe(true);
      const wrong = code.slice(0, -1) + String((Number(code.at(-1)) + 1) % 10);
      expect(gs1CheckDigitValid(wrong)).toBe(false);
    }
  });

  it('holds only GS1-shaped barcodes to the rule', () => {
    expect(gs1CheckDigitValid('ABC-123')).toBeNull();
    expect(gs1CheckDigitValid('1234567')).toBeNull();
    expect(gs1CheckDigitValid('123456789012345')).toBeNull();
    expect(gs1CheckDigit('400638133393')).toBe(1);
  });
});

describe('typed text', () => {
  it('finds stray spaces and full-width letters and digits, and leaves single inner spaces and CJK alone', () => {
    expect(hasBadSpacing(' S0001')).toBe(true);
    expect(hasBadSpacing('Oolong  tea')).toBe(true);
    expect(hasBadSpacing('烏龍茶\u3000')).toBe(true);
    expect(hasBadSpacing('Oolong tea 烏龍茶')).toBe(false);
    expect(hasFullWidth('Ｓ０００１')).toBe(true);
    expect(hasFullWidth('S0001 烏龍茶（大）')).toBe(false);
  });
});
