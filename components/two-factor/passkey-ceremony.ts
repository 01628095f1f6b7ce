'use client';

import { useState } from 'react';
import { authRequest } from './auth-request';

/** A passkey ceremony's options from better-auth (`path`), as WebAuthn takes them; a refusal throws its status. */
export async function passkeyOptions<Options>(path: string): Promise<Options> {
  const options = await authRequest<Options>('GET', path);
  if (options.status !== 200 || !options.body) throw new Error(String(options.status));
  return options.body;
}

/** Sends a ceremony's answer to better-auth (`path`); a refusal throws its status. */
export async function passkeyAnswer(path: string, body: unknown): Promise<void> {
  const answer = await authRequest('POST', path, body);
  if (answer.status !== 200) throw new Error(String(answer.status));
}

/**
 * A passkey ceremony on a button: pending while it runs, and why it failed (the browser's WebAuthn error by name,
 * or the status better-auth answered). `then` runs after one that went through, no longer pending; without it the
 * button stays pending (the ceremony ended by opening another page).
 */
export function usePasskeyCeremony() {
  const [pending, setPending] = useState(false);
  const [reason, setReason] = useState<string | null>(null);
  async function run(ceremony: () => Promise<void>, then?: () => void) {
    setPending(true);
    setReason(null);
    try {
      await ceremony();
      if (!then) return;
      setPending(false);
      then();
    } catch (error) {
      setPending(false);
      setReason(error instanceof Error ? (error.name === 'Error' ? error.message : error.name) : 'failed');
    }
  }
  return { pending, reason, run };
}
