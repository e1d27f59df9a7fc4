/** The app's router (see data-router.ts): React Router's names, so call sites read as they always have. */
export {
  createBrowserRouter,
  createMemoryRouter,
  isRouteErrorResponse,
  redirect,
  DataRouter,
  type LoaderFunctionArgs,
  type Navigation,
  type NavigateOptions,
  type Params,
  type RouteObject,
  type UIMatch,
} from './data-router';
export {
  Link,
  LocationContext,
  Navigate,
  Outlet,
  RouterProvider,
  useLocation,
  useMatches,
  useNavigate,
  useNavigation,
  useNavigationType,
  useOutlet,
  useRouteError,
  useSearchParams,
  type NavigateFunction,
} from './components';
export { NavigationType, type InitialEntry, type Location, type To } from './history';
