'use client';

import { startRegistration, type PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { useFormatter, useTranslations } from 'next-intl';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { plainSpaces } from '@/lib/i18n/formats';
import { passkeyAnswer, passkeyOptions, usePasskeyCeremony } from './passkey-ceremony';

/** Registers a passkey for the signed-in account; `done` runs once it is saved (a reload, a next step). */
export function PasskeyRegister({ done }: { done: () => void }) {
  const t = useTranslations('twoFactor');
  const format = useFormatter();
  const { pending, reason, run } = usePasskeyCeremony();

  const register = () =>
    run(async () => {
      const optionsJSON = await passkeyOptions<PublicKeyCredentialCreationOptionsJSON>(
        '/passkey/generate-register-options',
      );
      const response = await startRegistration({ optionsJSON });
      await passkeyAnswer('/passkey/verify-registration', {
        response,
        name: t('passkeyName', { date: plainSpaces(format.dateTime(new Date(), 'date')) }),
      });
    }, done);

  return (
    <div className="space-y-3">
      {reason ? <Alert tone="error">{t('passkeyFailed', { reason })}</Alert> : null}
      <Button type="button" variant="secondary" pending={pending} onClick={register}>
        {t('addPasskey')}
      </Button>
    </div>
  );
}
