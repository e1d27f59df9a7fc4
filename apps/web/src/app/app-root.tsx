import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { queryClient } from './query-client';

// Dates (pickers, list filters, formatting) appear only on these routes.
dayjs.locale('zh-cn');

/**
 * The root of every route but the login pages: server state (TanStack Query) and the Chinese
 * date locale. Both load with the first of these routes, not with the login page, which needs
 * neither.
 */
export default function AppRoot() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
