'use client';

import { startAuthentication, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { authRequest } from './auth-request';

/**
 * Signs in with a passkey (no password): better-auth's challenge, the browser's WebAuthn prompt, then its check,
 * which makes a session the console counts as proven by a second factor.
 */
export function PasskeySignIn({ next, label }: { next: string; label?: string }) {
  const t = useTranslations('twoFactor');
  const [pending, setPending] = useState(false);
  const [reason, setReason] = useState<string | null>(null);

  async function signIn() {
    setPending(true);
    setReason(null);
    try {
      const options = await authRequest<PublicKeyCredentialRequestOptionsJSON>(
        'GET',
        '/passkey/generate-authenticate-options',
      );
      if (options.status !== 200 || !options.body) throw new Error(String(options.status));
      const response = await startAuthentication({
        optionsJSON: options.body,
      });
      const verified = await authRequest('POST', '/passkey/verify-authentication', { response });
      if (verified.status !== 200) throw new Error(String(verified.status));
      window.location.assign(next);
    } catch (error) {
      setPending(false);
      setReason(error instanceof Error ? (error.name === 'Error' ? error.message : error.name) : 'failed');
    }
  }

  return (
    <div className="space-y-3">
      {reason ? <Alert tone="error">{t('passkeySignInFailed', { reason })}</Alert> : null}
      <Button type="button" variant="secondary" className="w-full" pending={pending} onClick={signIn}>
        {label ?? t('signInWithPasskey')}
      </Button>
    </div>
  );
}
