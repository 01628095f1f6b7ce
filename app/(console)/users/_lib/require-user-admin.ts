import 'server-only';
import { notFound, redirect } from 'next/navigation';
import { can } from '@/lib/contract/roles';
import { getCurrentUser } from '@/lib/server/auth/session';

/**
 * Back-office users are admin-only data: every Users page checks here itself (an RSC or prefetch request can
 * render a page without its layout), and any other role gets a real 404. No loading.tsx sits beside these
 * pages, so nothing streams a 200 before this check.
 */
export async function requireUserAdmin(path: string) {
  const user = await getCurrentUser();
  if (!user) redirect(`/sign-in?next=${encodeURIComponent(path)}`);
  if (!can(user.role, 'manageInternalUsers')) notFound();
  return user;
}
