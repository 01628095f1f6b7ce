import { describe, expect, it } from 'vitest';
import { exactCodeRows, listStateToSearch, parseListState } from './url-state';

describe('parseListState', () => {
  it('reads every filter the list offers, page, pageSize and the exact-code toggle', () => {
    const state = parseListState(
      'skus',
      new URLSearchParams('outerSysCode=S-1&name=tea&productId=12&barcode=471&status=Active&updatedSince=2026-11-01T00:00:00%2B08:00&page=3&pageSize=100&exactCode=1'),
    );
    expect(state).toEqual({
      filters: { outerSysCode: 'S-1', name: 'tea', productId: 12, barcode: '471', status: 'Active', updatedSince: '2026-11-01T00:00:00+08:00' },
      page: 3,
      pageSize: 100,
      exactCode: true,
    });
  });

  it('drops values the API would refuse instead of sending them', () => {
    const state = parseListState('companies', new URLSearchParams('internalUserId=abc&updatedSince=2026-11-01T00:00&page=0&pageSize=101&foo=bar'));
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

describe('exactCodeRows', () => {
  const rows = [{ outerSysCode: 'C001' }, { outerSysCode: 'C0012' }, { outerSysCode: 'c001' }, { outerSysCode: null }];
  it('keeps only the full, case-sensitive code', () => {
    expect(exactCodeRows(rows, 'C001')).toEqual([{ outerSysCode: 'C001' }]);
  });
  it('keeps everything when there is no code filter', () => {
    expect(exactCodeRows(rows, undefined)).toHaveLength(4);
  });
});
