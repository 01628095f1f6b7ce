import { describe, expect, it } from 'vitest';
import { cellText, sheetRows } from './workbook';

describe('a workbook sheet as the import reads it', () => {
  it('dates as ISO, booleans as true/false, blanks as empty', () => {
    expect(cellText(new Date('2026-11-25T00:00:00Z'))).toBe('2026-11-25');
    expect(cellText(true)).toBe('true');
    expect(cellText(null)).toBe('');
    expect(sheetRows([[null], ['a']]).error).toEqual({ code: 'no_data_rows' });
  });
});
