import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { ConsoleShell } from '@/components/layout/console-shell';
import { getCurrentUser } from '@/lib/server/auth/session';
import { safeReturnTo } from '@/lib/server/auth/return-to';
import { chooseLocale } from '@/app/_actions/preferences';
import { signOut } from './actions';

export default async function ConsoleLayout({ children }: { children: React.ReactNode }) {
  const user = await getCurrentUser();
  if (!user) {
    // A cookie was present (proxy.ts let the request through) but the session is gone, expired or disabled.
    const path = (await headers()).get('x-console-path');
    redirect(path ? `/sign-in?next=${encodeURIComponent(safeReturnTo(path))}` : '/sign-in');
  }
  return (
    <ConsoleShell user={user} signOutAction={signOut} chooseLocaleAction={chooseLocale}>
      {children}
    </ConsoleShell>
  );
}
