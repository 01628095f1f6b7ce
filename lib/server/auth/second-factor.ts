export const MFA_AMR = ['mfa', 'otp', 'hwk'] as const;

export function amrSatisfiesSecondFactor(amr: readonly string[] | null | undefined): boolean {
  return (amr ?? []).some((value) => (MFA_AMR as readonly string[]).includes(value));
}
