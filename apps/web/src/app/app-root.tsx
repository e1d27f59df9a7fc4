import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { queryClient } from './query-client';

/**
 * The root of every route but the login pages: server state (TanStack Query), loaded with the first
 * of these routes, not with the login page, which needs none.
 */
export default function AppRoot() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
