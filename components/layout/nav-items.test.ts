import { describe, expect, it } from 'vitest';
import { isCurrent, navItemsFor } from './nav-items';

describe('navigation by role', () => {
  it('shows the back-office Users and the audit log to admins only', () => {
    type Role = 'viewer' | 'steward' | 'admin';
    const labels = (role: Role) => navItemsFor(role).map((i) => i.label);
    // Every section in its order, with the roles that see it.
    const sections: [string, Role[]][] = [
      ['attention', ['viewer', 'steward', 'admin']],
      ['companies', ['viewer', 'steward', 'admin']],
      ['products', ['viewer', 'steward', 'admin']],
      ['skus', ['viewer', 'steward', 'admin']],
      ['bundles', ['viewer', 'steward', 'admin']],
      ['quotas', ['viewer', 'steward', 'admin']],
      ['imports', ['steward', 'admin']],
      ['exports', ['viewer', 'steward', 'admin']],
      ['users', ['admin']],
      ['audit', ['admin']],
      ['settings', ['viewer', 'steward', 'admin']],
      ['status', ['viewer', 'steward', 'admin']],
    ];
    for (const role of ['viewer', 'steward', 'admin'] as const) {
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
