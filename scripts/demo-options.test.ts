import { describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS as CREATED, DEMO_PASSWORD as CREATED_PASSWORD } from '@/lib/server/auth/demo-accounts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, demoReadyMessage, demoStartArgs } from './demo-options.mjs';

describe('npm run demo', () => {
  it('listens on loopback only unless HOST says otherwise', () => {
    expect(demoStartArgs({})).toEqual(['start', '-p', '3000', '-H', '127.0.0.1']);
    expect(demoStartArgs({ PORT: '4100', HOST: '0.0.0.0' })).toEqual(['start', '-p', '4100', '-H', '0.0.0.0']);
  });

  it('prints every account demo mode creates, each with its role, and their password', () => {
    expect(DEMO_ACCOUNTS).toEqual(CREATED.map((account) => [account.email, account.role]));
    expect(DEMO_PASSWORD).toBe(CREATED_PASSWORD);
    const message = demoReadyMessage('http://localhost:3000');
    for (const role of ['admin', 'steward', 'manager', 'viewer']) {
      expect(message).toMatch(new RegExp(`${role}@example\\.com\\s+${role}\\b`));
    }
    expect(message).toContain('password "demo-password"');
  });
});
