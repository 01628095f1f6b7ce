import { can, type ConsolePermission, type Role } from '@/lib/contract/roles';

export type NavItem = {
  href: string;
  /** Key in the `nav` message namespace; the page's h1 carries the same word. */
  label:
    | 'attention'
    | 'companies'
    | 'products'
    | 'skus'
    | 'bundles'
    | 'quotas'
    | 'approvals'
    | 'imports'
    | 'exports'
    | 'users'
    | 'audit'
    | 'settings'
    | 'status';
  /** Who sees the link (lib/contract/roles); absent means every signed-in role. */
  permission?: ConsolePermission;
  /** Another path the item stays current on: the home's rules (/attention/…) under "Needs attention" at /. */
  section?: string;
};

/**
 * The console navigation, in order. Adding a page is one line. Bundles, Quotas, Imports and Users come with
 * later issues: add them here when their pages exist (Users: `permission` none, reads are for everyone).
 */
export const NAV_ITEMS: readonly NavItem[] = [
  { href: '/', label: 'attention', section: '/attention' },
  { href: '/companies', label: 'companies' },
  { href: '/products', label: 'products' },
  { href: '/skus', label: 'skus' },
  { href: '/bundles', label: 'bundles' },
  { href: '/quotas', label: 'quotas' },
  { href: '/approvals', label: 'approvals', permission: 'approveQuota' },
  { href: '/imports', label: 'imports', permission: 'runImports' },
  { href: '/exports', label: 'exports' },
  { href: '/users', label: 'users', permission: 'manageInternalUsers' },
  { href: '/audit', label: 'audit', permission: 'readAudit' },
  { href: '/settings', label: 'settings' },
  { href: '/status', label: 'status' },
];

export function navItemsFor(role: Role, items: readonly NavItem[] = NAV_ITEMS): NavItem[] {
  return items.filter((item) => !item.permission || can(role, item.permission));
}

/** A section stays marked current on its detail pages (/companies/42). */
export function isCurrent(pathname: string, href: string, section?: string): boolean {
  if (pathname === href || (href !== '/' && pathname.startsWith(`${href}/`))) return true;
  return section !== undefined && isCurrent(pathname, section);
}
