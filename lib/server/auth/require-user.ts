import 'server-only';
import { forbidden, redirect } from 'next/navigation';
import { can, type ConsolePermission } from '@/lib/contract/roles';
import { SECOND_FACTOR_PATH } from '@/lib/contract/two-factor';
import { currentRequestSession } from './session';

/**
 * A page's own check, not only its layout's (an RSC or prefetch request can render a page without its layout):
 * the signed-out go to sign-in and come back to `path`; a session that owes its second factor goes to enrolment
 * or the code first; a role without `permission` gets a real 403 page that names the role and who can change it.
 */
export async function requireUser(path: string, permission?: ConsolePermission) {
  const read = await currentRequestSession();
  if (!read) redirect(`/sign-in?next=${encodeURIComponent(path)}`);
  if (read.secondFactor !== 'ok') redirect(`${SECOND_FACTOR_PATH}?next=${encodeURIComponent(path)}`);
  const user = read.user;
  if (permission && !can(user.role, permission)) forbidden();
  return user;
}
