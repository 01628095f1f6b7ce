import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { NextIntlClientProvider } from 'next-intl';
import { renderToStaticMarkup } from 'react-dom/server';
import { FormProvider, useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import type { RestoreField, RestoreReview } from '@/lib/contract/console/restores';
import { formatsFor } from '@/lib/i18n/formats';
import { messagesFor } from '@/lib/i18n/messages';
import { RestorePanel } from './restore-panel';

/**
 * The restore panel's intro (issue 56 point 2): an entry of prices alone has no field for the edit form, so the
 * intro speaks of the prices' own review and save; an entry with a form field keeps the form's intro.
 */
const price = (field: string, before: number, now: number): RestoreField => ({
  field,
  before,
  now,
  after: now,
  state: 'holds',
  selected: true,
  value: before,
  prices: true,
});

function Panel({ review }: { review: RestoreReview }) {
  const form = useForm({ defaultValues: { name: 'Gift box' } });
  return (
    <FormProvider {...form}>
      <RestorePanel
        type="bundles"
        id={10}
        change={review.changeId}
        fields={['name']}
        labels={{ name: 'Name' }}
        onApplied={() => {}}
      />
    </FormProvider>
  );
}

/** The panel as it renders with its review read (seeded into the query the panel reads it with). */
function render(locale: 'en' | 'zh-TW', fields: RestoreField[]) {
  const review: RestoreReview = {
    changeId: '42',
    at: '2026-11-30T08:00:00.000Z',
    userEmail: 'steward@example.com',
    source: 'form',
    fields,
  };
  const client = new QueryClient();
  client.setQueryData(['restore', 'bundles', '10', '42'], review);
  const html = renderToStaticMarkup(
    <NextIntlClientProvider
      locale={locale}
      messages={messagesFor(locale)}
      formats={formatsFor(locale)}
      timeZone="Asia/Taipei"
    >
      <QueryClientProvider client={client}>
        <Panel review={review} />
      </QueryClientProvider>
    </NextIntlClientProvider>,
  );
  return html.replace(/<[^>]+>/g, ' ');
}

describe('the restore panel’s intro', () => {
  const words = (locale: 'en' | 'zh-TW') => messagesFor(locale).records.restore;

  it.each(['en', 'zh-TW'] as const)('speaks of the prices, not the form, for an entry of prices alone (%s)', (l) => {
    const text = render(l, [price('price', 200, 240), price('sellPrice', 180, 220)]);
    expect(text).toContain(words(l).introPrices);
    expect(text).not.toContain(words(l).intro);
  });

  it.each(['en', 'zh-TW'] as const)('keeps the form’s intro when a field goes into the form (%s)', (l) => {
    const name: RestoreField = {
      field: 'name',
      before: 'Box',
      now: 'Gift box',
      after: 'Gift box',
      state: 'holds',
      selected: true,
      value: 'Box',
    };
    const text = render(l, [name, price('price', 200, 240)]);
    expect(text).toContain(words(l).intro);
    expect(text).not.toContain(words(l).introPrices);
  });
});
