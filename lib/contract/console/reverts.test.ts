import { describe, expect, it } from 'vitest';
import { leftByRevert, REVERT_AMOUNT_UNREAD, REVERT_LEFT_CODES } from './reverts';

describe("an undo's rows offered to Resend failed rows", () => {
  it('leave out the rows it left alone on purpose, "Nothing to undo" among them', () => {
    for (const code of Object.values(REVERT_LEFT_CODES)) expect(leftByRevert([{ code }])).toBe(true);
  });

  it('keep the rows that failed, or were not sent for a reason of their own', () => {
    expect(leftByRevert([{ code: 'name_too_long' }])).toBe(false);
    expect(leftByRevert([{ code: REVERT_AMOUNT_UNREAD }])).toBe(false);
    expect(leftByRevert([{ code: REVERT_LEFT_CODES.notApplied }, { code: 'name_too_long' }])).toBe(false);
    expect(leftByRevert([])).toBe(false);
  });
});
