import { describe, expect, it } from 'vitest';
import { cardLayout, columnPriority, priorityClass } from './column-priority';

describe('columnPriority', () => {
  it('keeps a column on the card in every width of table, and lets the rest go first', () => {
    expect(columnPriority({ card: 'figure' })).toBe(1);
    expect(columnPriority({ card: 'title' })).toBe(1);
    expect(columnPriority({})).toBe(3);
    expect(columnPriority({ priority: 2 })).toBe(2);
    // A list may still say a card's column goes (never the figures in the lists here, but it is the list's call).
    expect(columnPriority({ card: 'badge', priority: 2 })).toBe(2);
  });

  it('hides a priority 3 column below 1024 px, a priority 2 one below 768 px, and never a figure', () => {
    expect(priorityClass({})).toBe('max-lg:hidden');
    expect(priorityClass({ priority: 2 })).toBe('max-md:hidden');
    expect(priorityClass({ card: 'figure' })).toBeUndefined();
    expect(priorityClass({ card: 'subtitle' })).toBeUndefined();
  });
});

describe('cardLayout', () => {
  it('sorts the columns into the card in their order, leaving off those without a role', () => {
    const columns = [
      { id: 'code', card: 'title' as const },
      { id: 'name', card: 'subtitle' as const },
      { id: 'sellPrice', card: 'figure' as const },
      { id: 'barcode' },
      { id: 'available', card: 'figure' as const },
      { id: 'status', card: 'badge' as const },
    ];
    const layout = cardLayout(columns);
    expect(layout.title?.id).toBe('code');
    expect(layout.subtitle?.id).toBe('name');
    expect(layout.figures.map((c) => c.id)).toEqual(['sellPrice', 'available']);
    expect(layout.badges.map((c) => c.id)).toEqual(['status']);
  });

  it('gives a list without a subtitle none, and takes the first title only', () => {
    const layout = cardLayout([
      { id: 'a', card: 'title' as const },
      { id: 'b', card: 'title' as const },
    ]);
    expect(layout.title?.id).toBe('a');
    expect(layout.subtitle).toBeUndefined();
    expect(layout.figures).toEqual([]);
  });
});
