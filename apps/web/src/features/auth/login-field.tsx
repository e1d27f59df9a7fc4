import type { ReactNode } from 'react';
import styles from './login-form.module.css';

/**
 * One field of the login forms: the input and its validation message. The login route is kept
 * free of antd Form (and its tooltip/trigger machinery) so the first page loads little script.
 */
export function LoginField({ id, error, children }: { id: string; error?: string; children: ReactNode }) {
  return (
    <div className={styles.field}>
      {children}
      <div id={`${id}-error`} className={styles.error} aria-live="polite">
        {error}
      </div>
    </div>
  );
}

/** Collects the messages of required fields that are blank. */
export function requiredErrors<T extends string>(
  values: Record<T, string>,
  messages: Record<T, string>,
): Partial<Record<T, string>> {
  const out: Partial<Record<T, string>> = {};
  for (const key of Object.keys(messages) as T[]) {
    if (!values[key].trim()) out[key] = messages[key];
  }
  return out;
}
