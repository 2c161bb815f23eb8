// Puts the app together: data cache, router, and the shell around every page.
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { queryClient } from './query-client';
import { router } from './router';
import { SessionCheck } from './session-check';

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionCheck />
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
