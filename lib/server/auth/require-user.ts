import 'server-only';
import { forbidden, redirect } from 'next/navigation';
import { can, type ConsolePermission } from '@/lib/contract/roles';
import { getCurrentUser } from './session';

/**
 * A page's own check, not only its layout's (an RSC or prefetch request can render a page without its layout):
 * the signed-out go to sign-in and come back to `path`; a role without `permission` gets a real 403 page that
 * names the role and who can change it.
 */
export async function requireUser(path: string, permission?: ConsolePermission) {
  const user = await getCurrentUser();
  if (!user) redirect(`/sign-in?next=${encodeURIComponent(path)}`);
  if (permission && !can(user.role, permission)) forbidden();
  return user;
}
