import { describe, expect, it } from 'vitest';
import { ssoProblemOf } from './sso-problem';

describe('ssoProblemOf', () => {
  it("words the console's and better-auth's refusals, and any other code as not completed", () => {
    expect(ssoProblemOf('sso_domain_not_allowed')).toEqual({ message: 'domain', code: 'sso_domain_not_allowed' });
    expect(ssoProblemOf('signup_disabled')?.message).toBe('noAccount');
    expect(ssoProblemOf('BANNED_USER')?.message).toBe('disabled');
    expect(ssoProblemOf(['state_mismatch', 'x'])).toEqual({ message: 'failed', code: 'state_mismatch' });
    // What the address carries is only ever shown as a short code.
    expect(ssoProblemOf('<script>alert(1)</script>')?.code).toBe('scriptalert1script');
    expect(ssoProblemOf(undefined)).toBeNull();
  });
});
