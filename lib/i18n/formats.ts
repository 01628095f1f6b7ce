import type { Formats } from 'next-intl';
import type { Locale } from './locale';

/**
 * Named date formats, used as `format.dateTime(date, 'dateTime')`. Taiwan writes dates 2026/11/23 05:49
 * (24-hour, zero-padded); zh-TW's default styles would say 2026年11月23日 上午5:49 instead.
 */
const TAIWAN_DATE = { year: 'numeric', month: '2-digit', day: '2-digit' } as const;
const TAIWAN_TIME = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;

export function formatsFor(locale: Locale) {
  if (locale === 'zh-TW') {
    return {
      dateTime: {
        date: TAIWAN_DATE,
        dateTime: { ...TAIWAN_DATE, ...TAIWAN_TIME },
        dateTimeSeconds: { ...TAIWAN_DATE, ...TAIWAN_TIME, second: '2-digit' },
        time: TAIWAN_TIME,
        timeSeconds: { ...TAIWAN_TIME, second: '2-digit' },
      },
    } satisfies Formats;
  }
  return {
    dateTime: {
      date: { dateStyle: 'medium' },
      dateTime: { dateStyle: 'medium', timeStyle: 'short' },
      dateTimeSeconds: { dateStyle: 'medium', timeStyle: 'medium' },
      time: { timeStyle: 'short' },
      timeSeconds: { timeStyle: 'medium' },
    },
  } satisfies Formats;
}

export type DateFormatName = 'date' | 'dateTime' | 'dateTimeSeconds' | 'time' | 'timeSeconds';

/**
 * Dates rendered on the server and again in the browser must read the same, but ICU versions differ in the
 * space they put between date and time (Node: U+2009 in zh-TW; Chromium: U+0020), which breaks hydration.
 * Apply to every formatted date: `plainSpaces(format.dateTime(d, 'dateTime'))`.
 */
export function plainSpaces(text: string): string {
  return text.replace(/[\u00a0\u2000-\u200a\u202f]/g, ' ');
}
