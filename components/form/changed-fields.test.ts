import { describe, expect, it } from 'vitest';
import { changedFields, formValuesFrom } from './changed-fields';

const fields = ['name', 'shortName', 'cellPhone', 'internalUserId'] as const;

describe('changedFields', () => {
  it('sends only the field that changed', () => {
    const original = { name: 'Acme', shortName: 'AC', cellPhone: null, internalUserId: 3 };
    const values = { name: 'Acme', shortName: 'ACME', cellPhone: '', internalUserId: 3 };
    const { changes, list } = changedFields(original, values, fields);
    expect(changes).toEqual({ shortName: 'ACME' });
    expect(list).toEqual([{ field: 'shortName', from: 'AC', to: 'ACME' }]);
  });

  it('sends an emptied text box as an empty string, which clears the value', () => {
    const { changes } = changedFields({ name: 'Acme', shortName: 'AC' }, { name: 'Acme', shortName: '' }, [
      'name',
      'shortName',
    ]);
    expect(changes).toEqual({ shortName: '' });
  });

  it('on create, sends only what was filled in (the rest takes the API default)', () => {
    const defaults = { name: '', shortName: '', cellPhone: '', internalUserId: null };
    const { changes } = changedFields(
      defaults,
      { name: 'New Co', shortName: '', cellPhone: '', internalUserId: null },
      fields,
    );
    expect(changes).toEqual({ name: 'New Co' });
  });

  it('compares numbers by value and treats a changed id as a change', () => {
    const { changes, list } = changedFields({ internalUserId: 3 }, { internalUserId: 4 }, ['internalUserId']);
    expect(changes).toEqual({ internalUserId: 4 });
    expect(list).toHaveLength(1);
    expect(changedFields({ price: 0 }, { price: 0 }, ['price']).list).toHaveLength(0);
  });
});

describe('formValuesFrom', () => {
  it('opens null text fields as empty boxes', () => {
    expect(formValuesFrom({ name: null, id: 1 }, ['name'])).toEqual({ name: '', id: 1 });
  });
});
