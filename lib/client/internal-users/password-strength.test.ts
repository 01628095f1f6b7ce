import { describe, expect, it } from 'vitest';
import { loadPasswordStrength } from './password-strength';

describe('password strength (zxcvbn-ts, bundled dictionaries)', () => {
  it('rates a common password as very weak, naming it common, from the bundled dictionary', async () => {
    const check = await loadPasswordStrength();
    const result = check('password1');
    expect(result.score).toBe(0);
    expect(result.warning).toMatch(/^(topTen|topHundred|common|similarToCommon)$/);
  });

  it("rates a long, unusual passphrase as strong and one built from the user's own account as weak", async () => {
    const check = await loadPasswordStrength();
    expect(check('violet-tractor-harbour-92-quietly').score).toBe(4);
    const own = check('mei.chen2026', ['mei.chen', 'Chen Mei']);
    expect(own.score).toBeLessThanOrEqual(2);
  });

  it('loads the dictionaries once', async () => {
    expect(await loadPasswordStrength()).toBe(await loadPasswordStrength());
  });
});
