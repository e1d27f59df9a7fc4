import { z } from 'zod';
import { requiredError } from '../zod-zh';
import { MSG } from '../messages';

/** SPEC section 5: at least 8 characters with a lowercase letter, an uppercase letter and a digit. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_PATTERN = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{8,}$/;

export function isPolicyPassword(value: string): boolean {
  return PASSWORD_PATTERN.test(value);
}

/** A new password: required, then the policy. */
export const newPasswordSchema = z
  .string({ error: MSG.newPasswordRequired })
  .min(1, MSG.newPasswordRequired)
  .max(128, MSG.passwordTooLong)
  .regex(PASSWORD_PATTERN, MSG.passwordPolicy);

/** Old + new + confirm, as the change-password dialog sends them (SPEC section 3 and 5). */
export const changePasswordFieldsSchema = z
  .object({
    oldpassword: z.string(requiredError(MSG.oldPasswordRequired)).min(1, MSG.oldPasswordRequired).max(128),
    password: newPasswordSchema,
    confirmpassword: z.string(requiredError(MSG.confirmPasswordRequired)).min(1, MSG.confirmPasswordRequired),
  })
  .refine((v) => v.password === v.confirmpassword, {
    message: MSG.passwordMismatch,
    path: ['confirmpassword'],
  });
