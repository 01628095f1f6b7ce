import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { ClientMessages } from '@/components/i18n/client-messages';
import { ConsoleShell } from '@/components/layout/console-shell';
import { currentRequestSession } from '@/lib/server/auth/request';
import { SECOND_FACTOR_PATH } from '@/lib/contract/two-factor';
import { safeReturnTo } from '@/lib/server/auth';
import { chooseDensity, chooseFiltersFolded, chooseLocale } from '@/app/_actions/preferences';
import { DEFAULT_DENSITY } from '@/lib/contract/preferences';
import { requestListPreferences, requestPreferences } from '@/lib/server/preferences';
import { signOut } from './actions';

export default async function ConsoleLayout({ children }: { children: React.ReactNode }) {
  const read = await currentRequestSession();
  if (!read || read.secondFactor !== 'ok') {
    // A cookie was present (proxy.ts let the request through) but the session is gone, expired or disabled, or it
    // still owes its second factor: enrolment or the code first, and nothing else.
    const path = (await headers()).get('x-console-path');
    const to = read ? SECOND_FACTOR_PATH : '/sign-in';
    redirect(path ? `${to}?next=${encodeURIComponent(safeReturnTo(path))}` : to);
  }
  const user = read.user;
  const [preferences, lists] = await Promise.all([requestPreferences(user.id), requestListPreferences(user.id)]);
  return (
    <ClientMessages scope="(console)">
      <ConsoleShell
        user={user}
        signOutAction={signOut}
        chooseLocaleAction={chooseLocale}
        density={preferences.density ?? DEFAULT_DENSITY}
        chooseDensityAction={chooseDensity}
        filtersFolded={lists.filtersFolded}
        chooseFiltersFoldedAction={chooseFiltersFolded}
      >
        {children}
      </ConsoleShell>
    </ClientMessages>
  );
}
