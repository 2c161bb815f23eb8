/**
 * The shell around every page (spec section 2): navigation bar, toast area, the routed
 * page, the loading overlay and the footer. Each navigation scrolls to the top and moves
 * focus to the page, so keyboard and screen-reader users start at the new content.
 */
import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useT } from '../lib/i18n';
import { Footer } from './footer';
import { LoadingOverlay } from './loading-overlay';
import { Navbar } from './navbar';
import { PageFallback } from './page-fallback';
import { ToastArea } from './toast-area';

export function Layout() {
  const { pathname } = useLocation();
  const mainRef = useRef<HTMLElement>(null);
  const firstRender = useRef(true);
  const t = useT();

  useEffect(() => {
    window.scrollTo(0, 0);
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    mainRef.current?.focus({ preventScroll: true });
  }, [pathname]);

  return (
    <div className="flex min-h-screen flex-col">
      {/* A button, not a link: with hash routing, href="#main" would be read as a route. */}
      <button
        type="button"
        onClick={() => mainRef.current?.focus()}
        className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        {t('shell.skip.toContent')}
      </button>
      <Navbar />
      <ToastArea />
      <main id="main" ref={mainRef} tabIndex={-1} className="flex-1 outline-none">
        {/* On the first visit the shell shows at once and the page fills in when its code arrives. */}
        <Suspense fallback={<PageFallback />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <LoadingOverlay />
    </div>
  );
}
