import { describe, expect, it } from 'vitest';
import { dateCellKind, identifierFromNumber, isScientific, restoreLeadingZeros } from './excel-damage';
import { gs1CheckDigit, wrongCheckDigit } from './gs1';

describe("Excel's damage to a CSV", () => {
  it('scientific notation as Excel writes it, with a point or a comma, is recognised; codes and plain numbers are not', () => {
    for (const text of ['4.71E+12', '4,71E+12', '4.710001E+12', '4E12', '-1.2e-3', ' 4.71E+12 '])
      expect(isScientific(text), text).toBe(true);
    for (const text of ['4710001000003', 'E12', 'AB1E5', '4.71', 'S1001-300', '1E', 'E+12'])
      expect(isScientific(text), text).toBe(false);
  });

  it('a number cell is recovered as the identifier typed when it has at most 15 significant digits', () => {
    expect(identifierFromNumber(4_710_001_000_003)).toBe('4710001000003');
    expect(identifierFromNumber(123)).toBe('123');
    expect(identifierFromNumber(123_456_789_012_345)).toBe('123456789012345');
    expect(identifierFromNumber(1_234_567_890_123_456)).toBeNull(); // 16 digits: past a double's exact range
    expect(identifierFromNumber(1.5)).toBeNull();
  });

  it('leading zeros: one live code with the zeros restored, none, or two', () => {
    expect(restoreLeadingZeros('123', ['00123', 'A1', '124'])).toEqual({ kind: 'one', code: '00123' });
    expect(restoreLeadingZeros('123', ['A1', '1230'])).toEqual({ kind: 'none' });
    expect(restoreLeadingZeros('123', ['0123', '00123'])).toEqual({ kind: 'ambiguous', codes: ['0123', '00123'] });
    expect(restoreLeadingZeros('A123', ['0A123'])).toEqual({ kind: 'none' });
  });

  it('dates: an Excel serial and a day/month that could be swapped are told apart from ISO dates', () => {
    expect(dateCellKind('2026-11-25')).toBe('iso');
    expect(dateCellKind('2026-11-25T08:30:00+08:00')).toBe('iso');
    expect(dateCellKind('46351')).toBe('serial');
    expect(dateCellKind('46351.5')).toBe('serial');
    expect(dateCellKind('3/4/2026')).toBe('ambiguous');
    expect(dateCellKind('25/11/2026')).toBe('local');
    expect(dateCellKind('2026/11/25')).toBe('local');
    expect(dateCellKind('12345')).toBe('other');
  });
});

describe('GS1 check digits', () => {
  it('published examples are right', () => {
    for (const code of ['96385074', '036000291452', '5901234123457', '4006381333931', '00012345600012'])
      expect(wrongCheckDigit(code), code).toBeNull();
    expect(gs1CheckDigit('590123412345')).toBe(7);
  });

  it('one digit changed: the kind and the digit it should end with', () => {
    expect(wrongCheckDigit('5901234123458')).toEqual({ kind: 'EAN-13', expected: 7 });
    expect(wrongCheckDigit('96385075')).toEqual({ kind: 'EAN-8', expected: 4 });
    expect(wrongCheckDigit('036000291453')).toEqual({ kind: 'UPC-A', expected: 2 });
    expect(wrongCheckDigit('00012345600013')).toEqual({ kind: 'GTIN-14', expected: 2 });
    expect(wrongCheckDigit('5901234163457')).toEqual({ kind: 'EAN-13', expected: 3 });
  });

  it('internal codes and other lengths are left alone', () => {
    for (const code of ['INT-0001', '12345', '59012341234X7', '123456789'])
      expect(wrongCheckDigit(code), code).toBeNull();
  });
});
