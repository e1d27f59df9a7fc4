import { useLocation } from 'react-router';
import type { QueryKey } from '@tanstack/react-query';
import { usePreference } from '../preferences/use-preference';
import { readSettings, settingsKey, type TableSettings } from './table-settings';

/**
 * The signed-in user's settings of this list (columns, density), kept on the server under
 * `table:<route path>` (a list inside a drawer adds its query key's first two names, e.g. `sys-role.users`,
 * never a record id), so they follow the user to another machine.
 */
export function useTableSettings(o: { key?: string; inDrawer: boolean; keys: QueryKey }) {
  const { pathname } = useLocation();
  const key = o.key ?? settingsKey(pathname, o.inDrawer ? o.keys.slice(0, 2).map(String).join('.') : undefined);
  const pref = usePreference<TableSettings | null>(key, null);
  return {
    key,
    settings: readSettings(pref.value),
    ready: pref.ready,
    /** Saves at once (shown before the server answers); a refused save shows its error and comes back. */
    change: (next: TableSettings) => void pref.save(next).catch(() => undefined),
    reset: () => void pref.reset().catch(() => undefined),
  };
}
