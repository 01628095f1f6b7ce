import { describe, expect, it } from 'vitest';
import { exactCodeRows, listStateToSearch, parseListState } from './url-state';

describe('parseListState', () => {
  it('reads every filter the list offers, page, pageSize and the exact-code toggle', () => {
    const state = parseListState(
      'skus',
      new URLSearchParams(
        'outerSysCode=S-1&name=tea&productId=12&barcode=471&status=Active&updatedSince=2026-11-01T00:00:00%2B08:00&page=3&pageSize=100&exactCode=1',
      ),
    );
    expect(state).toEqual({
      filters: {
        outerSysCode: 'S-1',
        name: 'tea',
        productId: 12,
        barcode: '471',
        status: 'Active',
        updatedSince: '2026-11-01T00:00:00+08:00',
      },
      page: 3,
      pageSize: 100,
      exactCode: true,
    });
  });

  it('drops values the API would refuse instead of sending them', () => {
    const state = parseListState(
      'companies',
      new URLSearchParams('internalUserId=abc&updatedSince=2026-11-01T00:00&page=0&pageSize=101&foo=bar'),
    );
    expect(state).toEqual({ filters: {}, page: 1, pageSize: 25, exactCode: false });
  });

  it('ignores filters another list has', () => {
    expect(parseListState('companies', new URLSearchParams('productId=3')).filters).toEqual({});
  });
});

describe('listStateToSearch', () => {
  it('round-trips and leaves defaults out', () => {
    const state = { filters: { name: '台北 & co', internalUserId: 7 }, page: 2, pageSize: 25, exactCode: false };
    const search = listStateToSearch('companies', state);
    expect(search).toBe('?name=%E5%8F%B0%E5%8C%97+%26+co&internalUserId=7&page=2');
    expect(parseListState('companies', new URLSearchParams(search))).toEqual(state);
    expect(listStateToSearch('companies', { filters: {}, page: 1, pageSize: 25, exactCode: false })).toBe('');
  });
});

describe('sort and search', () => {
  it('keeps a sortable column with its direction and the search, and drops a column the list does not sort on', () => {
    const state = parseListState(
      'skus',
      new URLSearchParams('sort=sellPrice&dir=desc&q=%E7%83%8F%E9%BE%8D&pageSize=500'),
    );
    expect(state).toMatchObject({ sort: 'sellPrice', dir: 'desc', q: '烏龍', pageSize: 500 });
    expect(listStateToSearch('skus', state)).toBe('?q=%E7%83%8F%E9%BE%8D&sort=sellPrice&dir=desc&pageSize=500');
    expect(parseListState('skus', new URLSearchParams('sort=secret&dir=desc'))).toMatchObject({
      sort: undefined,
      dir: undefined,
    });
    expect(parseListState('skus', new URLSearchParams('sort=name'))).toMatchObject({ sort: 'name', dir: 'asc' });
    expect(parseListState('skus', new URLSearchParams('pageSize=400')).pageSize).toBe(25);
  });
});

describe('exactCodeRows', () => {
  const rows = [{ outerSysCode: 'C001' }, { outerSysCode: 'C0012' }, { outerSysCode: 'c001' }, { outerSysCode: null }];
  it('keeps only the full, case-sensitive code', () => {
    expect(exactCodeRows(rows, 'C001')).toEqual([{ outerSysCode: 'C001' }]);
  });
  it('keeps everything when there is no code filter', () => {
    expect(exactCodeRows(rows, undefined)).toHaveLength(4);
  });
});
