// A company's quotas as the mirror stores them, for tests that put quotas in the mirror and read findings back.

/** Company `id`'s credit quota (`amount`, of which `available` is left; enabled unless said) and point `balance`. */
export function quotaRecord(
  id: number,
  credit: { amount: number; available: number; enabled?: boolean },
  balance = 0,
): Record<string, unknown> & { id: number } {
  return {
    id,
    credit: {
      companyId: id,
      companyOuterSysCode: `C${id}`,
      creditAmount: credit.amount,
      pendingAmount: credit.amount - credit.available,
      availableAmount: credit.available,
      enabled: credit.enabled ?? true,
      memo: null,
      updatedAt: null,
    },
    point: { companyId: id, companyOuterSysCode: `C${id}`, balance, enabled: true, memo: null, updatedAt: null },
  };
}
