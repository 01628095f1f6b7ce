import { describe, expect, it } from 'vitest';
import { localeFromAcceptLanguage } from './accept-language';
import { htmlLang } from './locale';

describe('the language a browser asks for', () => {
  it.each([
    ['zh-TW,zh;q=0.9,en-US;q=0.8,en;q=0.7', 'zh-TW'],
    ['zh-Hant-TW', 'zh-TW'],
    ['zh-HK,en;q=0.5', 'zh-TW'],
    ['zh', 'zh-TW'],
    ['en-US,en;q=0.9,zh-TW;q=0.8', 'en'],
    ['en-GB', 'en'],
    ['ja-JP', 'en'],
    ['', 'en'],
    [null, 'en'],
    ['fr;q=0.9, zh-TW;q=0.8', 'zh-TW'],
    ['*', 'en'],
    ['not a language!!', 'en'],
  ])('%s → %s', (header, locale) => {
    expect(localeFromAcceptLanguage(header)).toBe(locale);
  });

  it('names the script in <html lang> so Chinese is read as Traditional', () => {
    expect(htmlLang('zh-TW')).toBe('zh-Hant-TW');
    expect(htmlLang('en')).toBe('en');
  });
});
