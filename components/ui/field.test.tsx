import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Field } from './field';
import { Input } from './input';
import { Select } from './select';

/** Parses the static markup so the assertions read like a screen reader's view of the field. */
function parse(html: string) {
  const attrs = (tag: string) => {
    const match = new RegExp(`<${tag}\\b([^>]*)>`).exec(html);
    if (!match) throw new Error(`no <${tag}> in ${html}`);
    return Object.fromEntries([...match[1]!.matchAll(/([\w-]+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
  };
  return { attrs, html };
}

describe('Field', () => {
  it('points the visible label at the control', () => {
    const { attrs } = parse(
      renderToStaticMarkup(
        <Field label="Name">
          <Input name="name" />
        </Field>,
      ),
    );
    expect(attrs('label').for).toBe(attrs('input').id);
    expect(attrs('input')['aria-invalid']).toBeUndefined();
  });

  it('marks the control invalid and describes it with the error, help text and counter', () => {
    const { attrs, html } = parse(
      renderToStaticMarkup(
        <Field label="Name" description="As printed on invoices" error="Name is too long" counter="300 / 255" required>
          <Input name="name" />
        </Field>,
      ),
    );
    const input = attrs('input');
    expect(input['aria-invalid']).toBe('true');
    expect(input['aria-required']).toBe('true');
    const ids = input['aria-describedby']!.split(' ');
    expect(ids).toHaveLength(3);
    for (const id of ids) expect(html).toContain(`id="${id}"`);
    // The error is the first description so it is read first, and it is announced.
    expect(html).toMatch(new RegExp(`<p id="${ids[0]}" role="alert"[^>]*>Name is too long</p>`));
  });

  it('keeps the label and control together when the id is given, and merges extra descriptions', () => {
    const { attrs } = parse(
      renderToStaticMarkup(
        <Field id="status" label="Status" error="Pick one">
          <Select id="ignored" aria-describedby="extra">
            <option>A</option>
          </Select>
        </Field>,
      ),
    );
    expect(attrs('select').id).toBe('status');
    expect(attrs('label').for).toBe('status');
    expect(attrs('select')['aria-describedby']).toMatch(/-error extra$/);
  });
});
