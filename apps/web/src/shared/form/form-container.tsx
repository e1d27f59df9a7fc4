import type { ReactNode } from 'react';
import { ConfigProvider } from 'antd';

type Props = {
  /** Disables every control inside: antd inputs (componentDisabled) and native ones (fieldset). */
  disabled?: boolean;
  className?: string;
  children: ReactNode;
};

const plain = { border: 0, margin: 0, padding: 0, minWidth: 0 } as const;

/** The form container of SPEC section 2: a detail view shows the same form with all inputs disabled. */
export function FormContainer({ disabled = false, className, children }: Props) {
  return (
    <ConfigProvider componentDisabled={disabled}>
      <fieldset disabled={disabled} className={className} style={plain}>
        {children}
      </fieldset>
    </ConfigProvider>
  );
}
