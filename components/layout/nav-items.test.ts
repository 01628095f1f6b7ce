import { describe, expect, it } from 'vitest';
import { isCurrent, navItemsFor } from './nav-items';

describe('navigation by role', () => {
  it('shows the back-office Users and the audit log to admins only, Approvals to managers and admins', () => {
    type Role = 'viewer' | 'steward' | 'manager' | 'admin';
    const labels = (role: Role) => navItemsFor(role).map((i) => i.label);
    // Every section in its order, with the roles that see it.
    const sections: [string, Role[]][] = [
      ['attention', ['viewer', 'steward', 'manager', 'admin']],
      ['companies', ['viewer', 'steward', 'manager', 'admin']],
      ['products', ['viewer', 'steward', 'manager', 'admin']],
      ['skus', ['viewer', 'steward', 'manager', 'admin']],
      ['bundles', ['viewer', 'steward', 'manager', 'admin']],
      ['quotas', ['viewer', 'steward', 'manager', 'admin']],
      ['approvals', ['manager', 'admin']],
      ['imports', ['steward', 'admin']],
      ['exports', ['viewer', 'steward', 'manager', 'admin']],
      ['users', ['admin']],
      ['audit', ['admin']],
      ['settings', ['viewer', 'steward', 'manager', 'admin']],
      ['status', ['viewer', 'steward', 'manager', 'admin']],
    ];
    for (const role of ['viewer', 'steward', 'manager', 'admin'] as const) {
      expect(labels(role)).toEqual(sections.filter(([, roles]) => roles.includes(role)).map(([label]) => label));
    }
  });

  it('marks a section current on its own and its detail pages, not on a sibling with the same prefix', () => {
    expect(isCurrent('/companies', '/companies')).toBe(true);
    expect(isCurrent('/companies/42', '/companies')).toBe(true);
    expect(isCurrent('/companies-archive', '/companies')).toBe(false);
    expect(isCurrent('/skus', '/products')).toBe(false);
  });

  it('marks "Needs attention" current on the home and on a rule\'s findings, and nowhere else', () => {
    expect(isCurrent('/', '/', '/attention')).toBe(true);
    expect(isCurrent('/attention/sku-barcode-shared', '/', '/attention')).toBe(true);
    expect(isCurrent('/companies', '/', '/attention')).toBe(false);
    expect(isCurrent('/attention-archive', '/', '/attention')).toBe(false);
  });
});
