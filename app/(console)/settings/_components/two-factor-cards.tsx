import { getTranslations } from 'next-intl/server';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import type { Role } from '@/lib/contract/roles';
import { readTwoFactorPolicy, secondFactorsOf } from '@/lib/server/auth';
import { TwoFactorPolicyForm } from './two-factor-policy-form';
import { TwoFactorSettings } from './two-factor-settings';
import { serverContext } from '@/lib/server/console-api';

// Their own server components, streamed after the page's first part: their reads never hold back its heading.
async function policyOf() {
  const { demoMode, auth } = serverContext().env;
  return readTwoFactorPolicy(await serverContext().consoleDb(), { demoMode, adminsByDefault: auth.twoFactorAdmins });
}

/** One's own second factors. */
export async function TwoFactorCard({ user }: { user: { id: string; role: Role } }) {
  const [t, factors, policy] = await Promise.all([
    getTranslations('twoFactor'),
    serverContext()
      .consoleDb()
      .then((db) => secondFactorsOf(db, user.id)),
    policyOf(),
  ]);
  return (
    <Card aria-labelledby="two-factor">
      <CardHeader>
        <CardTitle id="two-factor">{t('title')}</CardTitle>
      </CardHeader>
      <CardContent>
        <TwoFactorSettings
          authenticator={factors.authenticator}
          passkeys={factors.passkeys}
          required={policy[user.role]}
        />
      </CardContent>
    </Card>
  );
}

/** An admin's choice of the roles that must have a second factor. */
export async function TwoFactorPolicyCard() {
  const [t, policy] = await Promise.all([getTranslations('twoFactor'), policyOf()]);
  return (
    <Card aria-labelledby="two-factor-policy">
      <CardHeader>
        <CardTitle id="two-factor-policy">{t('policyTitle')}</CardTitle>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{t('policyIntro')}</p>
      </CardHeader>
      <CardContent>
        <TwoFactorPolicyForm policy={policy} demoMode={serverContext().env.demoMode} />
      </CardContent>
    </Card>
  );
}
