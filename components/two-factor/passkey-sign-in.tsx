'use client';

import { startAuthentication, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { useTranslations } from 'next-intl';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { passkeyAnswer, passkeyOptions, usePasskeyCeremony } from './passkey-ceremony';

/**
 * Signs in with a passkey (no password): better-auth's challenge, the browser's WebAuthn prompt, then its check,
 * which makes a session the console counts as proven by a second factor.
 */
export function PasskeySignIn({ next, label }: { next: string; label?: string }) {
  const t = useTranslations('twoFactor');
  const { pending, reason, run } = usePasskeyCeremony();

  const signIn = () =>
    run(async () => {
      const optionsJSON = await passkeyOptions<PublicKeyCredentialRequestOptionsJSON>(
        '/passkey/generate-authenticate-options',
      );
      const response = await startAuthentication({ optionsJSON });
      await passkeyAnswer('/passkey/verify-authentication', { response });
      window.location.assign(next);
    });

  return (
    <div className="space-y-3">
      {reason ? <Alert tone="error">{t('passkeySignInFailed', { reason })}</Alert> : null}
      <Button type="button" variant="secondary" className="w-full" pending={pending} onClick={signIn}>
        {label ?? t('signInWithPasskey')}
      </Button>
    </div>
  );
}
