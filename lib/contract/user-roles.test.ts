import { describe, expect, it } from 'vitest';
import { leavesNoActiveAdmin, type UserRole } from './user-roles';

const roles: UserRole[] = [
  { id: 1, name: 'System administrator', isAdmin: true },
  { id: 2, name: 'Sales', isAdmin: false },
];
const admin = { id: 1, roleId: 1, status: 'Active' };
const sales = { id: 2, roleId: 2, status: 'Active' };
const formerAdmin = { id: 3, roleId: 1, status: 'Inactive' };

describe('leavesNoActiveAdmin', () => {
  it('sees that deactivating or demoting the only active administrator leaves none', () => {
    const users = [admin, sales, formerAdmin];
    expect(leavesNoActiveAdmin(users, roles, { id: 1, status: 'Inactive' })).toBe(true);
    expect(leavesNoActiveAdmin(users, roles, { id: 1, roleId: 2 })).toBe(true);
  });

  it('lets the change through when another active administrator remains, or the user is not one', () => {
    const users = [admin, sales, { id: 4, roleId: 1, status: 'Active' }];
    expect(leavesNoActiveAdmin(users, roles, { id: 1, status: 'Inactive' })).toBe(false);
    expect(leavesNoActiveAdmin([admin, sales], roles, { id: 2, status: 'Inactive' })).toBe(false);
    expect(leavesNoActiveAdmin([admin, sales], roles, { id: 1, roleId: 1, status: 'Active' })).toBe(false);
  });

  it('cannot tell when no role is known to be an administrator', () => {
    expect(
      leavesNoActiveAdmin([admin], [{ id: 1, name: 'Role', isAdmin: false }], { id: 1, status: 'Inactive' }),
    ).toBeNull();
  });
});
