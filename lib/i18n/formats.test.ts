import { describe, expect, it } from 'vitest';
import { formatsFor, plainSpaces } from './formats';

const at = new Date('2026-11-22T21:49:08Z'); // 05:49:08 in Taipei

function format(locale: 'en' | 'zh-TW', name: 'date' | 'dateTime' | 'dateTimeSeconds') {
  return plainSpaces(
    new Intl.DateTimeFormat(locale, { ...formatsFor(locale).dateTime[name], timeZone: 'Asia/Taipei' }).format(at),
  );
}

describe('date formats', () => {
  it('write Taiwan dates as 2026/11/23 05:49, 24-hour, with a plain space', () => {
    expect(format('zh-TW', 'dateTime')).toBe('2026/11/23 05:49');
    expect(format('zh-TW', 'dateTimeSeconds')).toBe('2026/11/23 05:49:08');
    expect(format('zh-TW', 'date')).toBe('2026/11/23');
    expect(
      plainSpaces(
        new Intl.DateTimeFormat('zh-TW', { ...formatsFor('zh-TW').dateTime.dateTime, timeZone: 'Asia/Taipei' }).format(
          new Date('2026-11-23T10:05:00Z'),
        ),
      ),
    ).toBe('2026/11/23 18:05');
  });

  it('keep English dates as they were', () => {
    expect(format('en', 'dateTime')).toBe('Nov 23, 2026, 5:49 AM');
  });
});
