'use server';

import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { getAuth } from '@/lib/server/auth/auth';

/** Ends the database session and clears the cookie (nextCookies plugin), then shows the sign-in page. */
export async function signOut(): Promise<void> {
  const auth = await getAuth();
  try {
    await auth.api.signOut({ headers: await headers() });
  } catch {
    // Already signed out (expired or revoked session): the outcome the user asked for.
  }
  redirect('/sign-in?signedOut=1');
}
