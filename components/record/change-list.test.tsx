import { NextIntlClientProvider } from 'next-intl';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { FieldDiff } from '@/lib/contract/history';
import { formatsFor } from '@/lib/i18n/formats';
import { messagesFor } from '@/lib/i18n/messages';
import { ChangeList } from './change-list';

/**
 * History's note on a reviewed value that was not the platform's (issue 61 point 3): the old value shown is the
 * platform's; what the person reviewed is said beside it, in both languages, for History and the audit log alike.
 */
function render(locale: 'en' | 'zh-TW', changes: FieldDiff[], oldRead = true) {
  return renderToStaticMarkup(
    <NextIntlClientProvider
      locale={locale}
      messages={messagesFor(locale)}
      formats={formatsFor(locale)}
      timeZone="Asia/Taipei"
    >
      <ChangeList changes={changes} oldRead={oldRead} />
    </NextIntlClientProvider>,
  ).replace(/<[^>]+>/g, ' ');
}

const forged: FieldDiff = {
  field: 'shortName',
  from: 'First',
  to: 'Acme HQ',
  reviewed: 'FORGED-1',
  fromRead: { by: 'read', at: '2026-12-07T03:12:00.000Z' },
};

describe('a reviewed value that was not the platform’s', () => {
  it('shows the platform’s value as the old one and notes what was reviewed (en)', () => {
    const text = render('en', [forged]);
    expect(text).toContain('First → Acme HQ');
    expect(text).toContain('You reviewed FORGED-1; the platform held First (read before the write,');
    expect(text).not.toContain('FORGED-1 →');
  });

  it('says so in Traditional Chinese, naming the console’s copy when that is what it held', () => {
    const text = render('zh-TW', [{ ...forged, fromRead: { by: 'copy', at: '2026-12-07T03:12:00.000Z' } }]);
    expect(text).toContain('您檢視時為 FORGED-1；平台當時為 First（主控台副本，');
  });

  it('keeps "previous value not read" where the platform’s value was not read, with what was reviewed', () => {
    const text = render('en', [{ field: 'name', to: 'Unread Oolong', reviewed: 'FORGED-2' }], false);
    expect(text).toContain('(previous value not read)');
    expect(text).toContain('You reviewed FORGED-2; the platform&#x27;s value could not be read before the write.');
  });

  it('adds nothing when the review agreed', () => {
    const text = render('en', [{ field: 'name', from: 'A', to: 'B' }]);
    expect(text).not.toContain('You reviewed');
  });
});
