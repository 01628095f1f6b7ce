import { redirect } from 'next/navigation';
import { getCurrentUser } from '@/lib/server/auth/request';
import { DEFAULT_AFTER_SIGN_IN } from '@/lib/server/auth';

// The console has no home page of its own: signed-in staff start at Companies.
export default async function HomePage() {
  const user = await getCurrentUser();
  redirect(user ? DEFAULT_AFTER_SIGN_IN : '/sign-in');
}
