import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { NavigationType, useLocation, useMatches, useNavigationType } from 'react-router';
import { pageTitle } from '../../shared/menu/page-title';
import { useSession } from '../../shared/session/session-store';
import { KeepAliveOutlet } from './keep-alive-outlet';
import { TabBar } from './tab-bar';
import { useTabs } from './tabs-store';

/** Multi-page tabs: each visited page is a tab keyed by its full path, kept alive while open. */
export function TabLayout() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const matches = useMatches();
  const menu = useSession((s) => s.menu);
  const tabs = useTabs((s) => s.tabs);
  const [versions, setVersions] = useState<Record<string, number>>({});
  const key = location.pathname + location.search;
  const title = pageTitle(matches, menu, location.pathname);
  const last = useRef<string | null>(null);
  const queryClient = useQueryClient();

  useEffect(() => {
    const prev = last.current;
    last.current = key;
    const samePage = prev !== null && prev.split('?')[0] === location.pathname;
    if (navigationType === NavigationType.Replace && samePage && prev !== key)
      useTabs.getState().renameActive({ key, title });
    else useTabs.getState().open({ key, title });
  }, [key, title, navigationType, location.pathname]);

  /**
   * 刷新当前: the page mounts again and fetches its data afresh. Every query is marked stale without
   * fetching now, so the new page's queries fetch on mount while the hidden tabs fetch nothing.
   */
  const refresh = (tabKey: string) => {
    void queryClient.invalidateQueries({ refetchType: 'none' });
    setVersions((v) => ({ ...v, [tabKey]: (v[tabKey] ?? 0) + 1 }));
  };

  return (
    <>
      <TabBar onRefresh={refresh} />
      <KeepAliveOutlet activeKey={key} keys={tabs.map((t) => t.key)} versions={versions} />
    </>
  );
}
