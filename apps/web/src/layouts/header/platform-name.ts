/** SPEC section 1: org codes starting with A01A07 see one company's platform name, others the other. */
export function platformName(orgCode: string | null | undefined, names: { a01a07: string; other: string }): string {
  return (orgCode ?? '').slice(0, 6) === 'A01A07' ? names.a01a07 : names.other;
}
