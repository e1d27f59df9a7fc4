/** 统一社会信用代码 checks live in the contracts, so the web forms check exactly as the server does. */
export { creditCodeCheckChar, isValidCreditCode, normalizeCreditCode } from '@lims/contracts';
