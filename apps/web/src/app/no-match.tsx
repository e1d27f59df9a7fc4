import { Navigate, useLocation } from 'react-router';
import ForbiddenPage from '../features/exception/forbidden-page';
import { isAppRoute } from './app-route-paths';

/**
 * A signed-in path that none of the user's routes matches: one of the app's pages he holds no right
 * to shows 403 (the address stays); an unknown path goes to /404.
 */
export default function NoMatch() {
  const { pathname } = useLocation();
  return isAppRoute(pathname) ? <ForbiddenPage /> : <Navigate to="/404" replace />;
}
