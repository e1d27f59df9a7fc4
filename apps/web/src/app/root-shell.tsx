import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { installBackspaceGuard } from '../shared/ui/backspace-guard';

/** The app's outermost route: scroll to top on every navigation, Backspace guard. */
export function RootShell() {
  const { pathname } = useLocation();
  useEffect(() => installBackspaceGuard(), []);
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return <Outlet />;
}
