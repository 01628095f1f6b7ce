import 'server-only';
import { randomInt } from 'node:crypto';
import { BACKUP_CODE_ALPHABET, BACKUP_CODE_COUNT, BACKUP_CODE_LENGTH } from '@/lib/contract/two-factor';

/**
 * better-auth's twoFactor plugin draws backup codes from a-z, A-Z and 0-9, which mixes I, l, 1, O and 0; the
 * console hands out codes from its own alphabet instead (customBackupCodesGenerate), drawn with node:crypto.
 */
export function generateBackupCodes(count = BACKUP_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => {
    let code = '';
    for (let i = 0; i < BACKUP_CODE_LENGTH; i++) code += BACKUP_CODE_ALPHABET[randomInt(BACKUP_CODE_ALPHABET.length)];
    return `${code.slice(0, 5)}-${code.slice(5)}`;
  });
}
