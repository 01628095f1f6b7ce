import { NextIntlClientProvider } from 'next-intl';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { FormProvider, useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { messagesFor } from '@/lib/i18n/messages';
import { NumberField } from './number-field';
import { TextField } from './text-field';

/**
 * Issue 54 point 3 on the forms: a box the contract's check refused quotes what the person typed and says what is
 * expected, with the same sentences and limits as the import check ("Name has 141 characters; at most 100").
 */
function InForm({
  locale,
  name,
  value,
  code,
  children,
}: {
  locale: 'en' | 'zh-TW';
  name: string;
  value: unknown;
  code: string;
  children: ReactNode;
}) {
  const form = useForm({ defaultValues: { [name]: value } });
  // The resolver's answer, as a submit or a change leaves it in the form's state (the message is the contract's
  // error code); a static render runs no effect, so the state is handed over as the form would hold it.
  const formState = { ...form.formState, errors: { [name]: { type: 'validate', message: code } } };
  return (
    <NextIntlClientProvider locale={locale} messages={messagesFor(locale)} timeZone="UTC">
      <FormProvider {...form} formState={formState}>
        {children}
      </FormProvider>
    </NextIntlClientProvider>
  );
}

/** The error sentence under the box, as rendered. */
function errorOf(props: { locale?: 'en' | 'zh-TW'; name: string; value: unknown; code: string }, field: ReactNode) {
  const html = renderToStaticMarkup(
    <InForm locale={props.locale ?? 'en'} {...props}>
      {field}
    </InForm>,
  );
  const match = /id="field-[^"]*-error"[^>]*>([\s\S]*?)<\/p>/.exec(html);
  return match ? match[1]!.replace(/<[^>]+>/g, '').replace(/&quot;/g, '"') : null;
}

describe('a form box refused by the contract says what it holds and what is expected', () => {
  it('a text over its limit gives its length and the limit', () => {
    const error = errorOf(
      { name: 'name', value: 'x'.repeat(141), code: 'name_too_long' },
      <TextField name="name" label="Name" max={100} />,
    );
    expect(error).toBe('Name has 141 characters; at most 100');
  });

  it('a price out of range is quoted, with the contract’s range', () => {
    const error = errorOf(
      { name: 'sellPrice', value: 10_000_000, code: 'invalid_price' },
      <NumberField name="sellPrice" label="Sell price" />,
    );
    expect(error).toBe('Sell price “10000000” is out of range: use 0 to 9,999,999.99');
  });

  it('a quantity precision that is no whole number says so', () => {
    const error = errorOf(
      { name: 'quantityPrecision', value: 9, code: 'invalid_quantity_precision' },
      <NumberField name="quantityPrecision" label="Quantity precision" step="1" />,
    );
    expect(error).toBe('Quantity precision “9” is not allowed: use a whole number from 0 to 4');
  });

  it('in Traditional Chinese', () => {
    const error = errorOf(
      { locale: 'zh-TW', name: 'name', value: '名'.repeat(51), code: 'name_too_long' },
      <TextField name="name" label="名稱" max={50} />,
    );
    expect(error).toBe('名稱有 51 個字，最多 50 個字');
  });

  it('a code that is not about the value keeps its own sentence', () => {
    const error = errorOf(
      { name: 'outerSysCode', value: 'S1', code: 'outer_sys_code_ambiguous' },
      <TextField name="outerSysCode" label="ERP code" max={50} />,
    );
    expect(error).not.toContain('“S1”');
    expect(error).toBeTruthy();
  });
});
