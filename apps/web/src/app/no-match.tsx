import { Navigate, useLocation } from 'react-router';
import ForbiddenPage from '../features/exception/forbidden-page';
import { useSession } from '../shared/session/session-store';

/** A path as the router matches it: any case, without a trailing slash. */
function normalize(path: string): string {
  return (path.length > 1 ? path.replace(/\/+$/, '') : path).toLowerCase();
}

/** Whether `pathname` is one of the system's menu pages (`allPaths` from the server's menu). */
export function isMenuPage(pathname: string, allPaths: readonly string[]): boolean {
  const path = normalize(pathname);
  return allPaths.some((p) => normalize(p) === path);
}

/**
 * A signed-in path that none of the user's routes matches: a page of the system's menu he holds no
 * right to shows 403 (the address stays); an unknown path goes to /404.
 */
export default function NoMatch() {
  const { pathname } = useLocation();
  const allPaths = useSession((s) => s.allPaths);
  return isMenuPage(pathname, allPaths) ? <ForbiddenPage /> : <Navigate to="/404" replace />;
}
