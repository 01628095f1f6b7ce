import { describe, expect, it } from 'vitest';
import { isCurrent, navItemsFor } from './nav-items';

describe('navigation by role', () => {
  it('shows the back-office Users and the audit log to admins only', () => {
    const labels = (role: 'viewer' | 'steward' | 'admin') => navItemsFor(role).map((i) => i.label);
    expect(labels('viewer')).toEqual([
      'attention',
      'companies',
      'products',
      'skus',
      'bundles',
      'quotas',
      'exports',
      'settings',
      'status',
    ]);
    expect(labels('steward')).toEqual([
      'attention',
      'companies',
      'products',
      'skus',
      'bundles',
      'quotas',
      'imports',
      'exports',
      'settings',
      'status',
    ]);
    expect(labels('admin')).toEqual([
      'attention',
      'companies',
      'products',
      'skus',
      'bundles',
      'quotas',
      'imports',
      'exports',
      'users',
      'audit',
      'settings',
      'status',
    ]);
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
