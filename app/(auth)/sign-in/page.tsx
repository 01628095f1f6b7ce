import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { Alert } from '@/components/ui/alert';
import { Card, CardContent } from '@/components/ui/card';
import { getAuth } from '@/lib/server/auth';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, hasNoAccounts, sessionEndReason } from '@/lib/server/auth';
import { safeReturnTo } from '@/lib/server/auth';
import { readSession } from '@/lib/server/auth/request';
import { SECOND_FACTOR_PATH } from '@/lib/contract/two-factor';
import { PasskeySignIn } from '@/components/two-factor/passkey-sign-in';
import { headers } from 'next/headers';
import { SignInForm } from './_components/sign-in-form';
import { SsoButtons } from './_components/sso-buttons';
import { ssoProblemOf } from './_lib/sso-problem';
import { AuthFrame } from '../_components/auth-frame';
import { serverContext } from '@/lib/server/console-api';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('signIn');
  return { title: t('title') };
}

type SearchParams = Promise<{
  next?: string | string[];
  signedOut?: string;
  reset?: string;
  error?: string | string[];
}>;

export default async function SignInPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const next = safeReturnTo(params.next);
  const auth = await getAuth();
  const source = await headers();
  const read = await readSession(auth, source);
  if (read) redirect(read.secondFactor === 'ok' ? next : `${SECOND_FACTOR_PATH}?next=${encodeURIComponent(next)}`);

  const t = await getTranslations('signIn');
  const { env } = serverContext();
  const db = await serverContext().consoleDb();
  const noAccounts = await hasNoAccounts(db);
  // The browser still names a session someone else ended: say why, rather than a bare sign-in form.
  const ended = params.signedOut ? null : await sessionEndReason(db, source);
  const sso = await getTranslations('sso');
  const ssoProblem = ssoProblemOf(params.error);
  const providers = env.auth.sso.map(({ id, name }) => ({ id, name }));

  return (
    <AuthFrame heading={t('heading')} intro={t('intro')}>
      {params.signedOut ? <Alert tone="success">{t('signedOut')}</Alert> : null}
      {ended ? (
        <Alert tone="info" title={t('ended.title')}>
          {t(`ended.${ended}`)}
        </Alert>
      ) : null}
      {params.reset ? <Alert tone="success">{t('resetDone')}</Alert> : null}
      {ssoProblem ? <Alert tone="error">{sso(`errors.${ssoProblem.message}`, { code: ssoProblem.code })}</Alert> : null}
      {noAccounts ? (
        <Alert tone="warning" title={t('noAccountsTitle')}>
          {t('noAccountsBody')}
        </Alert>
      ) : null}
      <Card>
        <CardContent className="py-5">
          <SignInForm next={next} consoleUrl={new URL(env.consoleUrl).origin} />
          <div className="mt-4 border-t border-zinc-200 pt-4 dark:border-zinc-800">
            <PasskeySignIn next={next} />
          </div>
          {providers.length ? (
            <>
              <p className="my-4 flex items-center gap-3 text-xs text-zinc-500 before:h-px before:flex-1 before:bg-zinc-200 after:h-px after:flex-1 after:bg-zinc-200 dark:before:bg-zinc-800 dark:after:bg-zinc-800">
                {sso('or')}
              </p>
              <SsoButtons providers={providers} next={next} />
            </>
          ) : null}
        </CardContent>
      </Card>
      {env.demoMode ? (
        <section aria-labelledby="demo-accounts" className="text-sm text-zinc-700 dark:text-zinc-300">
          <h2 id="demo-accounts" className="font-semibold">
            {t('demoTitle')}
          </h2>
          <p className="mt-1">{t('demoBody', { password: DEMO_PASSWORD })}</p>
          <ul className="mt-2 list-inside list-disc">
            {DEMO_ACCOUNTS.map((account) => (
              <li key={account.email}>
                <code>{account.email}</code>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </AuthFrame>
  );
}
