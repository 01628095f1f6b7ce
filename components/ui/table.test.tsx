import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Table, TBody, Td, Th, THead, Tr } from './table';

describe('Table', () => {
  it('is a real table with a caption, column headers and row headers', () => {
    const html = renderToStaticMarkup(
      <Table caption="Accounts">
        <THead>
          <Tr>
            <Th>Name</Th>
            <Th numeric>Orders</Th>
          </Tr>
        </THead>
        <TBody>
          <Tr>
            <Th scope="row">Ada</Th>
            <Td numeric>3</Td>
          </Tr>
        </TBody>
      </Table>,
    );
    expect(html).toContain('<caption class="sr-only">Accounts</caption>');
    expect(html).toContain('<th scope="col">Name</th>');
    expect(html).toMatch(/<th scope="col" class="[^"]*text-right[^"]*">Orders<\/th>/);
    expect(html).toContain('<th scope="row">Ada</th>');
    expect(html).toMatch(/<table data-variant="boxed" class="ui-table /);
  });

  it('shows the caption when asked and frames only the boxed variant', () => {
    const html = renderToStaticMarkup(<Table caption="Preview" captionVisible variant="plain" />);
    expect(html).not.toContain('sr-only');
    expect(html).not.toContain('rounded-lg border');
    expect(html).toContain('data-variant="plain"');
  });

  it('writes the usual header row from a list of column titles', () => {
    const html = renderToStaticMarkup(<THead columns={['Name', { label: 'Orders', className: 'text-right' }]} />);
    expect(html).toBe(
      '<thead><tr><th scope="col">Name</th><th scope="col" class="text-right">Orders</th></tr></thead>',
    );
  });
});
