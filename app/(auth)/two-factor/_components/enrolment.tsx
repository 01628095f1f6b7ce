'use client';

import { useTranslations } from 'next-intl';
import { EnrolAuthenticator } from '@/components/two-factor/enrol-authenticator';
import { PasskeyRegister } from '@/components/two-factor/passkey-register';

/** Enrolment owed after the password: the authenticator app, or a passkey; either one opens the console. */
export function Enrolment({ next }: { next: string }) {
  const t = useTranslations('twoFactor');
  const go = () => window.location.assign(next);
  return (
    <div className="space-y-6">
      <section aria-labelledby="app" className="space-y-3">
        <h2 id="app" className="font-semibold">
          {t('appTitle')}
        </h2>
        <EnrolAuthenticator done={go} />
      </section>
      <section aria-labelledby="passkeys" className="space-y-3 border-t border-zinc-200 pt-4 dark:border-zinc-800">
        <h2 id="passkeys" className="font-semibold">
          {t('passkeysTitle')}
        </h2>
        <p className="text-sm text-zinc-700 dark:text-zinc-300">{t('passkeysIntro')}</p>
        <PasskeyRegister done={go} />
      </section>
    </div>
  );
}
