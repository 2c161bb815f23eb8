// Puts the app together: data cache, router, and the shell around every page.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { router } from './router';
import { SessionCheck } from './session-check';

const queryClient = new QueryClient({
  defaultOptions: {
    // Catalogue data changes once per sync; refetching on every focus would be waste.
    queries: { staleTime: 5 * 60_000, retry: 1, refetchOnWindowFocus: false },
  },
});

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionCheck />
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
