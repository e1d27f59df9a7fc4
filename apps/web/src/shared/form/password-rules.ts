import type { FormRule as Rule } from 'antd';
import { MSG, PASSWORD_PATTERN } from '@lims/contracts';

/** SPEC section 5: a new password is required and follows the policy (the server checks the same). */
export const newPasswordRules: Rule[] = [
  { required: true, message: MSG.newPasswordRequired },
  { pattern: PASSWORD_PATTERN, message: MSG.passwordPolicy },
];

/** SPEC section 5: the confirmation is required and equals the field `passwordField`. */
export function confirmPasswordRules(passwordField = 'password'): Rule[] {
  return [
    { required: true, message: MSG.confirmPasswordRequired },
    ({ getFieldValue }) => ({
      validator: (_r, value: unknown) =>
        !value || value === getFieldValue(passwordField)
          ? Promise.resolve()
          : Promise.reject(new Error(MSG.passwordMismatch)),
    }),
  ];
}
