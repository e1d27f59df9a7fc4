/**
 * 统一社会信用代码 (unified social credit code), GB 32100-2015: 18 characters —
 * registration authority (1), organisation category (1), administrative division (6 digits),
 * organisation code (9) and a check character computed over the first 17.
 * Shared by the server's checks and the web forms (one implementation).
 */

/** The 31 characters the code may use (no I, O, S, V, Z). Index = the character's value. */
const CHARSET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
/** Weight of position i (1-based) is 3^(i-1) mod 31. */
const WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
/** 统一社会信用代码 shape: the check character is verified by isValidCreditCode. */
export const CREDIT_CODE_PATTERN = /^[0-9A-HJ-NPQRTUWXY]{2}\d{6}[0-9A-HJ-NPQRTUWXY]{10}$/;

/** The check character for the first 17 characters, or undefined when they use a character outside the set. */
export function creditCodeCheckChar(first17: string): string | undefined {
  if (first17.length !== 17) return undefined;
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const value = CHARSET.indexOf(first17[i]);
    if (value < 0) return undefined;
    sum += value * WEIGHTS[i];
  }
  return CHARSET[(31 - (sum % 31)) % 31];
}

/** True for an 18-character code of the right shape whose last character is its check character. */
export function isValidCreditCode(code: string): boolean {
  if (!CREDIT_CODE_PATTERN.test(code)) return false;
  return creditCodeCheckChar(code.slice(0, 17)) === code[17];
}

/** Upper-cases and trims user input before validation ("91350100m000100y43 " → "91350100M000100Y43"). */
export function normalizeCreditCode(input: string): string {
  return input.trim().toUpperCase();
}
