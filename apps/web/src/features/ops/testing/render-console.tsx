/**
 * The console in a component test: where the app's router puts it, signed in with a role, so a
 * section's test starts at its own address as an operator would open it.
 */
import { Route, Routes } from 'react-router';
import { renderInShop } from '../../../testing/render';
import { operatorSession } from '../ops-session';
import { OpsConsolePage } from '../routes/ops-console-page';

export const operatorEmail = 'lead@tern.test';

export function signInAs(role: 'operator' | 'viewer'): void {
  operatorSession.start({
    token: 'ops-token',
    role,
    email: operatorEmail,
    expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
  });
}

/** The console at `path` (e.g. `/ops/customers?q=rana`). */
export function renderConsole(path: string) {
  return renderInShop(
    <Routes>
      <Route path="/ops/*" element={<OpsConsolePage />} />
    </Routes>,
    { path },
  );
}

/** The addresses fetch was called with, query strings included (fakeApi keeps only paths). */
export function requestedUrls(): string[] {
  const calls = (fetch as unknown as { mock: { calls: [string, RequestInit][] } }).mock.calls;
  return calls.map(([url]) => String(url));
}
