import { describe, expect, it } from 'vitest';
import { findingsSearch, parseFindingsQuery } from './findings-query';

describe("a rule page's URL", () => {
  it('reads the state, page and page size, and writes them back without the defaults', () => {
    const state = parseFindingsQuery(new URLSearchParams('state=accepted&page=3&pageSize=50'));
    expect(state).toEqual({ state: 'accepted', page: 3, pageSize: 50 });
    expect(findingsSearch(state)).toBe('?state=accepted&page=3&pageSize=50');
    expect(findingsSearch({ state: 'open', page: 1, pageSize: 25 })).toBe('');
  });

  it('opens a mangled link on the open findings, first page, default size', () => {
    const state = parseFindingsQuery(new URLSearchParams('state=resolved&page=0&pageSize=7'));
    expect(state).toEqual({ state: 'open', page: 1, pageSize: 25 });
  });
});
