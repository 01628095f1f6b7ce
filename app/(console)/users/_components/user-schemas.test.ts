import { describe, expect, it } from 'vitest';
import { userCreateSchema, userEditSchema } from './user-schemas';

const valid = {
  account: 'mei.chen',
  name: 'Chen Mei',
  email: 'mei@example.com',
  password: 'long-enough-1',
  roleId: 2,
  status: 'Active',
  outerSysCode: '',
};
const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.success ? [] : (result.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]);

describe('the new-user form schema', () => {
  it("puts each of the contract's create codes under its field, one per field", () => {
    expect(userCreateSchema.safeParse(valid).success).toBe(true);
    expect(issues(userCreateSchema.safeParse({ ...valid, account: ' ', password: '', roleId: null }))).toEqual([
      ['account', 'account_required'],
      ['password', 'password_required'],
      ['roleId', 'invalid_role_id'],
    ]);
    expect(issues(userCreateSchema.safeParse({ ...valid, account: 'a'.repeat(51), password: 'x'.repeat(7) }))).toEqual([
      ['account', 'account_too_long'],
      ['password', 'invalid_password'],
    ]);
    expect(userCreateSchema.safeParse({ ...valid, account: 'a'.repeat(50), password: 'x'.repeat(128) }).success).toBe(
      true,
    );
  });
});

describe('the edit-user form schema', () => {
  it('reads an empty password box as "keep the current one", and checks a typed one', () => {
    const kept = userEditSchema.safeParse({
      name: 'Chen Mei',
      email: 'mei@example.com',
      password: '',
      outerSysCode: '',
    });
    expect(kept.success).toBe(true);
    expect((kept.data as { password: unknown }).password).toBeNull();
    expect(issues(userEditSchema.safeParse({ name: 'Chen Mei', password: 'short' }))).toEqual([
      ['password', 'invalid_password'],
    ]);
    expect(issues(userEditSchema.safeParse({ name: 'x'.repeat(31) }))).toEqual([['name', 'name_too_long']]);
  });
});
