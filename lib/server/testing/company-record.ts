// An upstream company record as the mirror stores it, for tests that put companies in the mirror and read
// findings back.

/** An active company `id` held by the salesperson `internalUserId`, with no contact details. */
export function companyRecord(id: number, internalUserId: number): Record<string, unknown> & { id: number } {
  return {
    id,
    outerSysCode: `C${id}`,
    name: `Company ${id}`,
    shortName: null,
    cellPhone: null,
    shippingAddress: null,
    internalUserId,
    status: 'Active',
  };
}
