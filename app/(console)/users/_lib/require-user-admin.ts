import 'server-only';
import { requireUser } from '@/lib/server/auth/page';

/**
 * Back-office users are admin-only data: every Users page checks here itself, and any other role gets a real
 * 403. No loading.tsx sits beside these pages, so nothing streams a 200 before this check.
 */
export function requireUserAdmin(path: string) {
  return requireUser(path, 'manageInternalUsers');
}
