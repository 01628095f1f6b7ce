'use client';

import { startRegistration, type PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { useFormatter, useTranslations } from 'next-intl';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { plainSpaces } from '@/lib/i18n/formats';
import { authRequest } from './auth-request';

/** Registers a passkey for the signed-in account; `done` runs once it is saved (a reload, a next step). */
export function PasskeyRegister({ done }: { done: () => void }) {
  const t = useTranslations('twoFactor');
  const format = useFormatter();
  const [pending, setPending] = useState(false);
  const [reason, setReason] = useState<string | null>(null);

  async function register() {
    setPending(true);
    setReason(null);
    try {
      const options = await authRequest<PublicKeyCredentialCreationOptionsJSON>(
        'GET',
        '/passkey/generate-register-options',
      );
      if (options.status !== 200 || !options.body) throw new Error(String(options.status));
      const response = await startRegistration({
        optionsJSON: options.body,
      });
      const saved = await authRequest('POST', '/passkey/verify-registration', {
        response,
        name: t('passkeyName', { date: plainSpaces(format.dateTime(new Date(), 'date')) }),
      });
      if (saved.status !== 200) throw new Error(String(saved.status));
      setPending(false);
      done();
    } catch (error) {
      setPending(false);
      setReason(error instanceof Error ? (error.name === 'Error' ? error.message : error.name) : 'failed');
    }
  }

  return (
    <div className="space-y-3">
      {reason ? <Alert tone="error">{t('passkeyFailed', { reason })}</Alert> : null}
      <Button type="button" variant="secondary" pending={pending} onClick={register}>
        {t('addPasskey')}
      </Button>
    </div>
  );
}
