/// <reference types="vite-plugin-pwa/client" />
/**
 * Registers the shop's service worker (built by vite-plugin-pwa, decision 0020) so the shell
 * opens offline. Production builds only: the dev server has no worker, so nothing stale ever
 * sits between a developer and their edits.
 *
 * Updates ('autoUpdate'): a new release's worker takes over as soon as it has cached the new
 * build, and the next page load runs it. The page in front of the buyer is not reloaded under
 * them (a checkout or a half-typed form would be lost): index.html is not cached by the
 * browser either, so a release shows at the first load after the worker has it.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  // Loaded apart from the entry: the first paint does not wait for workbox-window.
  void import('virtual:pwa-register').then(({ registerSW }) =>
    registerSW({
      onNeedReload: () => {
        // Deliberately nothing: see above.
      },
      onRegisterError: (error: unknown) => {
        // No worker only means no offline copy of the shell; the shop works as before.
        console.warn('The offline copy of the shop could not be set up', error);
      },
    }),
  );
}
