import type { Metadata } from 'next';
import { cookies, headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { CodeChallenge } from '@/components/two-factor/code-challenge';
import { PasskeySignIn } from '@/components/two-factor/passkey-sign-in';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { signOut } from '@/app/(console)/actions';
import { getAuth, safeReturnTo } from '@/lib/server/auth';
import { readSession } from '@/lib/server/auth/request';
import { Enrolment } from './_components/enrolment';
import { AuthFrame } from '../_components/auth-frame';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('twoFactor');
  return { title: t('title') };
}

type SearchParams = Promise<{ next?: string | string[] }>;

/** better-auth's cookie of a sign-in waiting for its code (`two_factor`, with the cookie prefix). */
async function codePending(): Promise<boolean> {
  return (await cookies()).getAll().some((cookie) => cookie.name.endsWith('.two_factor'));
}

/**
 * The second factor, and nothing else: a sign-in waiting for its code, a session whose role requires two-factor
 * and that has none (enrolment), or a session that has one and has not given it.
 */
export default async function TwoFactorPage({ searchParams }: { searchParams: SearchParams }) {
  const next = safeReturnTo((await searchParams).next);
  const read = await readSession(await getAuth(), await headers());
  if (read?.secondFactor === 'ok') redirect(next);
  if (!read && !(await codePending())) redirect(`/sign-in?next=${encodeURIComponent(next)}`);
  const t = await getTranslations('twoFactor');
  const enrol = read?.secondFactor === 'enrol';

  return (
    <AuthFrame
      wide
      heading={enrol ? t('enrolHeading') : t('verifyHeading')}
      intro={enrol ? t('enrolRequired') : t('verifyIntro')}
    >
      <Card>
        <CardContent className="space-y-4 py-5">
          {enrol ? <Enrolment next={next} /> : <CodeChallenge next={next} />}
          {enrol ? null : <PasskeySignIn next={next} label={t('usePasskey')} />}
        </CardContent>
      </Card>
      {read ? (
        <form action={signOut}>
          <Button type="submit" variant="ghost">
            {t('signOut')}
          </Button>
        </form>
      ) : null}
    </AuthFrame>
  );
}
