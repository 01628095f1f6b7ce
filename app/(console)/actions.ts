'use server';

import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { accountActions } from '@/lib/contract/console/accounts';
import { getAuth } from '@/lib/server/auth';
import { runAction } from '@/lib/server/console-api';
import { rememberLocaleInBrowser } from '@/lib/server/preferences/request';
import { requestPreferences } from '@/lib/server/preferences';

/**
 * Ends the database session and clears the cookie (nextCookies plugin), then shows the sign-in page, in the
 * language the account chose (copied to this browser's cookie, which is all the sign-in page can read).
 */
export async function signOut(): Promise<void> {
  await runAction(accountActions.signOut, {}, async ({ user }) => {
    const locale = user ? (await requestPreferences(user.id)).locale : null;
    if (locale) await rememberLocaleInBrowser(locale);
    const auth = await getAuth();
    try {
      await auth.api.signOut({ headers: await headers() });
    } catch {
      // Already signed out (expired or revoked session): the outcome the user asked for.
    }
  });
  redirect('/sign-in?signedOut=1');
}
