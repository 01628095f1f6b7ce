import { getTranslations } from 'next-intl/server';
import { TitledCard } from '@/components/ui/card';
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
    <TitledCard id="two-factor" title={t('title')}>
      <TwoFactorSettings
        authenticator={factors.authenticator}
        passkeys={factors.passkeys}
        required={policy[user.role]}
      />
    </TitledCard>
  );
}

/** An admin's choice of the roles that must have a second factor. */
export async function TwoFactorPolicyCard() {
  const [t, policy] = await Promise.all([getTranslations('twoFactor'), policyOf()]);
  return (
    <TitledCard id="two-factor-policy" title={t('policyTitle')} intro={t('policyIntro')}>
      <TwoFactorPolicyForm policy={policy} demoMode={serverContext().env.demoMode} />
    </TitledCard>
  );
}
