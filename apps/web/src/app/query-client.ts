import { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../shared/http/api-error';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (count, err) => !(isApiError(err) && err.kind === 'http') && count < 1,
    },
  },
});
