import { NextIntlClientProvider } from 'next-intl';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { FormProvider, useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { NumberField } from './number-field';

function InForm({ children }: { children: ReactNode }) {
  const form = useForm();
  return (
    <NextIntlClientProvider locale="en" messages={{}} timeZone="UTC">
      <FormProvider {...form}>{children}</FormProvider>
    </NextIntlClientProvider>
  );
}

/** The input's attributes as the phone's browser reads them to choose its on-screen keyboard. */
function inputOf(field: ReactNode): Record<string, string> {
  const html = renderToStaticMarkup(<InForm>{field}</InForm>);
  const tag = /<input\b([^>]*)>/.exec(html)![1]!;
  return Object.fromEntries([...tag.matchAll(/([\w-]+)="([^"]*)"/g)].map((m) => [m[1]!.toLowerCase(), m[2]!]));
}

describe('NumberField on an on-screen keyboard', () => {
  it('offers a decimal point for money (any step) and for a quantity with decimals', () => {
    expect(inputOf(<NumberField name="sellPrice" label="Sell price" />).inputmode).toBe('decimal');
    expect(inputOf(<NumberField name="inventoryQty" label="On hand" step="0.01" />).inputmode).toBe('decimal');
  });

  it('offers digits only for a whole number (an id, a quantity of 0 decimals)', () => {
    expect(inputOf(<NumberField name="productId" label="Product" step="1" />).inputmode).toBe('numeric');
  });

  it('labels Enter as finishing the form and keeps the browser from filling remembered numbers', () => {
    const input = inputOf(<NumberField name="sellPrice" label="Sell price" />);
    expect(input.enterkeyhint).toBe('done');
    expect(input.autocomplete).toBe('off');
  });
});
