import { QueryClient } from '@tanstack/react-query';

/**
 * One cache for the whole visit, shared by the screens that read the API and by the landing page's
 * sign-in dialog: this module loads once, however often they are entered.
 */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});
