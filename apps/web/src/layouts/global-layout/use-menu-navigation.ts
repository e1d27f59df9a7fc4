import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { MenuEntry } from '@lims/contracts';
import { isHttpUrl } from '../../shared/menu/url-placeholders';
import { findEntry } from './menu-items';

/** Opening a menu entry: external links open a new window, everything else navigates. */
export function useMenuNavigation(entries: MenuEntry[]) {
  const navigate = useNavigate();
  return useCallback(
    (path: string) => {
      const entry = findEntry(entries, path);
      const url = entry?.meta.url;
      if (url && isHttpUrl(url) && (entry.meta.internalOrExternal || entry.route === '0')) {
        window.open(url, '_blank', 'noopener,noreferrer');
        return;
      }
      void navigate(path);
    },
    [entries, navigate],
  );
}
