/**
 * Renders a piece of the shop as the app does (languages, a data cache of its own, a router),
 * with a user-event session to act on it as a person would.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { expect } from 'vitest';
import { I18nProvider } from '../lib/i18n';

/** No retries: a failure a test answers shows at once, as it would after the app's retry. */
export function testQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
}

/** What the app puts around every page, for `render` and `renderHook` alike. */
export function shopProviders(queryClient: QueryClient, path = '/') {
  return function ShopProviders({ children }: { children: ReactNode }) {
    return (
      <I18nProvider>
        <QueryClientProvider client={queryClient}>
          <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
        </QueryClientProvider>
      </I18nProvider>
    );
  };
}

export function renderInShop(ui: ReactNode, options: { path?: string } = {}) {
  const queryClient = testQueryClient();
  // Keys go in one after another without waiting: no code under test times keystrokes.
  const user = userEvent.setup({ delay: null });
  const view = render(ui, { wrapper: shopProviders(queryClient, options.path) });
  return { user, queryClient, ...view };
}

/** Puts `text` into a field at once, as pasting or autofill does: a key-by-key typing is slow. */
export async function fill(user: UserEvent, field: HTMLElement, text: string): Promise<void> {
  await user.click(field);
  await user.paste(text);
}

/**
 * Waits until every query has its answer (none pending or fetching): a test that checks what is
 * NOT shown must look after the answer arrived, not after a guessed delay.
 */
export async function queriesSettled(queryClient: QueryClient): Promise<void> {
  await waitFor(() => {
    const queries = queryClient.getQueryCache().getAll();
    expect(queries.length).toBeGreaterThan(0);
    expect(queries.every((query) => query.state.status !== 'pending')).toBe(true);
    expect(queryClient.isFetching()).toBe(0);
  });
}
