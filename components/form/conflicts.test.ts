import { describe, expect, it } from 'vitest';
import { changedFields } from './changed-fields';
import { changedSince, conflictRows, holdsEdits, keepMine } from './conflicts';

const fields = ['name', 'shortName', 'cellPhone'];
const opened = { name: 'Tea House', shortName: 'Tea', cellPhone: null };
const now = { name: 'Tea House Ltd', shortName: 'Tea', cellPhone: '02-1' };
const mine = { name: 'Tea House', shortName: 'TH', cellPhone: '' };

describe('conflicts', () => {
  it('sees what changed since the form opened, treating null and empty alike', () => {
    expect(changedSince(opened, now, fields)).toEqual(['name', 'cellPhone']);
    expect(changedSince(opened, { ...opened, cellPhone: '' }, fields)).toEqual([]);
  });

  it("lists each changed field with its value when opened, now and the person's", () => {
    expect(conflictRows(opened, now, mine, fields)).toEqual([
      { field: 'name', opened: 'Tea House', now: 'Tea House Ltd', yours: 'Tea House' },
      // The person's own edit is listed too, so the view shows everything the save would touch.
      { field: 'shortName', opened: 'Tea', now: 'Tea', yours: 'TH' },
      { field: 'cellPhone', opened: null, now: '02-1', yours: '' },
    ]);
  });

  it('after an unknown outcome, also lists an edit the record does not hold', () => {
    expect(conflictRows(opened, opened, mine, fields).map((r) => r.field)).toEqual(['shortName']);
    expect(holdsEdits(opened, opened, mine, fields)).toBe(false);
    expect(holdsEdits(opened, { ...now, shortName: 'TH' }, mine, fields)).toBe(true);
  });

  it('keeping mine sends only my edits, never reverting a field someone else changed', () => {
    const merged = keepMine(opened, now, mine, fields);
    expect(merged).toEqual({ name: 'Tea House Ltd', shortName: 'TH', cellPhone: '02-1' });
    expect(changedFields(now, merged, fields).changes).toEqual({ shortName: 'TH' });
  });
});
