// Puts the app together: languages, data cache, router, and the shell around every page.
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nProvider } from '../lib/i18n';
import { queryClient } from './query-client';
import { AppRoutes } from './router';
import { SessionCheck } from './session-check';

export function App() {
  return (
    <I18nProvider>
      <QueryClientProvider client={queryClient}>
        <SessionCheck />
        <AppRoutes />
      </QueryClientProvider>
    </I18nProvider>
  );
}
