import type { ReactNode } from 'react';
import type { AuthItem } from '@lims/contracts';
import { useCan } from './use-can';

type Props = {
  /** The action code, e.g. 'user:add'. */
  code: string;
  /** The form's own permission list, checked first. */
  formPermissions?: AuthItem[] | null;
  /** Rendered instead when the user lacks the action (default: nothing). */
  fallback?: ReactNode;
  children: ReactNode;
};

/** The permission directive as a component: the children are removed without the action. */
export function Can({ code, formPermissions, fallback = null, children }: Props) {
  return <>{useCan(code, formPermissions) ? children : fallback}</>;
}
