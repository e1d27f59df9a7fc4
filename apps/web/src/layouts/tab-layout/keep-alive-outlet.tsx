import { memo, useMemo, useState, type ReactNode } from 'react';
import {
  UNSAFE_LocationContext as LocationContext,
  useLocation,
  useNavigationType,
  useOutlet,
  type Location,
  type NavigationType,
} from 'react-router';
import { EMPTY_CACHE, reconcileCache } from './keep-alive-cache';

type Props = {
  /** The key of the page now shown (full path). */
  activeKey: string;
  /** Keys of the pages to keep (the open tabs). */
  keys: string[];
  /** Bumped to remount a page (刷新). */
  versions: Record<string, number>;
};

type KeptPageProps = { element: ReactNode; location: Location; navigationType: NavigationType };

/**
 * One page with the location of its last navigation. Memoised: a switch between tabs renders
 * the page that becomes visible (its location changed), not the others.
 */
const KeptPage = memo(function KeptPage({ element, location, navigationType }: KeptPageProps) {
  const value = useMemo(() => ({ location, navigationType }), [location, navigationType]);
  return <LocationContext.Provider value={value}>{element}</LocationContext.Provider>;
});

/**
 * Renders every open tab's page and shows only the active one, so switching tabs keeps each
 * page's state. Each page renders what the outlet gave on its last navigation and keeps seeing
 * that location while hidden.
 */
export function KeepAliveOutlet({ activeKey, keys, versions }: Props) {
  const outlet = useOutlet();
  const location = useLocation();
  const navigationType = useNavigationType();
  const [cache, setCache] = useState(EMPTY_CACHE);
  const next = reconcileCache(cache, { activeKey, element: outlet, location, navigationType, keys });
  if (next !== cache) setCache(next);

  return (
    <>
      {next.pages.map((page) => (
        <div
          key={`${page.id}#${versions[page.key] ?? 0}`}
          style={{ display: page.key === activeKey ? undefined : 'none' }}
        >
          <KeptPage element={page.element} location={page.location} navigationType={page.navigationType} />
        </div>
      ))}
    </>
  );
}
