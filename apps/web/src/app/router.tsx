/**
 * Every route of the spec's route table, in React Router's declarative mode: the data router
 * cost the landing's first script 16 kB gzip more, for three loaders (decision 0031). Pages
 * are loaded on demand so the first visit downloads only the shell and the page it opens.
 */
import { paths } from '@tern/contract/routes';
import { type ReactNode, Suspense, useEffect, useState } from 'react';
import {
  HashRouter,
  type Location,
  Navigate,
  type NavigateFunction,
  Route,
  Routes,
  useLocation,
  useNavigate,
} from 'react-router';
import { confirmedClient } from '../features/auth/api/validate-token';
import { session } from '../lib/session-store';
import type { PrerenderedPage } from '../prerender/prerendered-page';
import { Layout } from './layout';
import { lazyPage } from './lazy-page';
import { queryFormOfMatrixPath } from './matrix-parameters';
import { NotFoundPage } from './not-found';
import { PageFallback } from './page-fallback';

/** A prerendered page's code, loaded before its HTML is hydrated (mount-app.tsx). */
export function preloadPrerenderedPage(page: PrerenderedPage): Promise<unknown> {
  const pages = { landing: LandingPage, 'sign-in': SignInPage, faq: FaqPage };
  return pages[page].preload();
}

/*
 * Sign-in and the profile decide before they show, on every navigation to them. Someone with
 * no stored token is decided at once, without asking the server (so sign-in can be hydrated
 * from the prerendered HTML, mount-app.tsx); a stored token is asked about first (a dead one
 * signs out). They replace the history entry, so Back skips the page that sent the visitor on.
 */

/** A decision: where to send the visitor instead, or null to show the page. */
interface Decision {
  /** What can be told without asking the server; undefined when it must be asked. */
  atOnce: () => string | null | undefined;
  asked: () => Promise<string | null>;
}

const signedIn = () => session.get().client !== undefined;

/** Sign-in opened by someone signed in goes to their profile. */
const profileWhenSignedIn: Decision = {
  atOnce: () => (signedIn() ? undefined : null),
  asked: async () => ((await confirmedClient()) ? paths.profile : null),
};

/** The profile is for signed-in visitors only: anyone else goes to sign in. */
const signInWhenSignedOut: Decision = {
  atOnce: () => (signedIn() ? undefined : paths.signIn),
  asked: async () => ((await confirmedClient()) ? null : paths.signIn),
};

/**
 * The page, or where `decide` sends the visitor instead; the fallback until it first answers.
 * Decided again at every navigation (each new location object: the location's key cannot
 * tell visits apart, since every entry the browser adds for a changed hash has the key
 * "default"); meanwhile a page already shown stays, with whatever it has open, as it did
 * while the data router's loader ran again.
 */
function Decided({ decide, children }: { decide: Decision; children: ReactNode }) {
  const location = useLocation();
  const [decision, setDecision] = useState<{ at: Location; goTo: string | null } | undefined>(
    () => {
      const goTo = decide.atOnce();
      return goTo === undefined ? undefined : { at: location, goTo };
    },
  );
  useEffect(() => {
    const goTo = decide.atOnce();
    if (goTo !== undefined) {
      setDecision((known) => (known?.at === location ? known : { at: location, goTo }));
      return;
    }
    let current = true;
    void decide.asked().then((asked) => {
      if (current) setDecision({ at: location, goTo: asked });
    });
    return () => {
      current = false;
    };
  }, [decide, location]);
  if (decision?.goTo === null) return children;
  if (decision?.at !== location) return <PageFallback />;
  return <Navigate to={decision.goTo} replace />;
}

/**
 * A link in the spec's matrix form (`/plan-details;purchase_type=…`) matches no route: it
 * opens the page of its query form, replacing the history entry so Back never meets it. The
 * path is read as a URL reads it (percent-encoding what a URL must), as the data router's
 * loader read its request's URL before decision 0031.
 */
function MatrixLinkOrNotFound() {
  const { pathname, search } = useLocation();
  const url = new URL(`${pathname}${search}`, 'http://shop.invalid');
  const queryForm = queryFormOfMatrixPath(url.pathname, url.search);
  return queryForm ? <Navigate to={queryForm} replace /> : <NotFoundPage />;
}

let outsideNavigate: NavigateFunction | undefined;

/** Lets code outside React (query-client.ts: a refused token) send the visitor elsewhere. */
export function navigateOutsideReact(to: string, options: { replace: boolean }): void {
  if (outsideNavigate) void outsideNavigate(to, options);
}

function OutsideNavigation() {
  const navigate = useNavigate();
  useEffect(() => {
    outsideNavigate = navigate;
  }, [navigate]);
  return null;
}

const LandingPage = lazyPage(
  () => import('../features/catalog/routes/landing-page').then((m) => m.LandingPage),
  'firstScriptWords',
);
const PlansShortcutPage = lazyPage(() =>
  import('../features/catalog/routes/plans-shortcut-page').then((m) => m.PlansShortcutPage),
);
const PlanDetailsPage = lazyPage(() =>
  import('../features/catalog/routes/plan-details-page').then((m) => m.PlanDetailsPage),
);
const TripPage = lazyPage(() =>
  import('../features/catalog/routes/trip-page').then((m) => m.TripPage),
);
const PlanConfirmationPage = lazyPage(() =>
  import('../features/checkout/routes/plan-confirmation-page').then((m) => m.PlanConfirmationPage),
);
const CheckoutPage = lazyPage(() =>
  import('../features/checkout/routes/checkout-page').then((m) => m.CheckoutPage),
);
const PaymentPage = lazyPage(() =>
  import('../features/checkout/routes/payment-page').then((m) => m.PaymentPage),
);
const PaymentSuccessfulPage = lazyPage(() =>
  import('../features/checkout/routes/payment-successful-page').then(
    (m) => m.PaymentSuccessfulPage,
  ),
);
const PaymentCancelledPage = lazyPage(() =>
  import('../features/checkout/routes/payment-cancelled-page').then((m) => m.PaymentCancelledPage),
);
const PaymentCancelPage = lazyPage(() =>
  import('../features/checkout/routes/payment-cancel-page').then((m) => m.PaymentCancelPage),
);
const PaymentRedirectPage = lazyPage(() =>
  import('../features/checkout/routes/payment-redirect-page').then((m) => m.PaymentRedirectPage),
);
const SignInPage = lazyPage(() =>
  import('../features/auth/routes/sign-in-page').then((m) => m.SignInPage),
);
const ContactPage = lazyPage(() =>
  import('../features/help/routes/contact-page').then((m) => m.ContactPage),
);
const ProfilePage = lazyPage(() =>
  import('../features/profile/routes/profile-page').then((m) => m.ProfilePage),
);
const FaqPage = lazyPage(() => import('../features/help/routes/faq-page').then((m) => m.FaqPage));
const UserGuidePage = lazyPage(() =>
  import('../features/help/routes/user-guide-page').then((m) => m.UserGuidePage),
);
const TermsPage = lazyPage(() =>
  import('../features/help/routes/terms-page').then((m) => m.TermsPage),
);
const PrivacyPage = lazyPage(() =>
  import('../features/help/routes/privacy-page').then((m) => m.PrivacyPage),
);
/** The operators' console: a chunk of its own, never part of a buyer's page (issue 30). */
const OpsConsolePage = lazyPage(() =>
  import('../features/ops/routes/ops-console-page').then((m) => m.OpsConsolePage),
);
/** The automatic top-up e-mail's stop link (issue 32): works without signing in. */
const AutoTopupStopPage = lazyPage(() =>
  import('../features/profile/routes/auto-topup-stop-page').then((m) => m.AutoTopupStopPage),
);
const EsimAlertPage = lazyPage(() =>
  import('../features/help/routes/esim-alert-page').then((m) => m.EsimAlertPage),
);

export function AppRoutes() {
  return (
    // Not transitions: the address changes at once, and so must the page it names. As a
    // transition, a navigation to a page whose code was still on its way left the page before
    // on screen under the new address, and closed the phone's menu opened meanwhile.
    <HashRouter useTransitions={false}>
      <OutsideNavigation />
      <Routes>
        {/* The console has a header of its own, not the shop's. */}
        <Route
          path={`${paths.ops}/*`}
          element={
            <Suspense fallback={<PageFallback />}>
              <OpsConsolePage />
            </Suspense>
          }
        />
        <Route element={<Layout />}>
          {/* Catalogue. */}
          <Route path={paths.home} element={<LandingPage />} />
          <Route path={paths.plan} element={<LandingPage />} />
          <Route path={paths.plans} element={<PlansShortcutPage />} />
          <Route path={paths.planDetails} element={<PlanDetailsPage />} />
          <Route path={paths.trip} element={<TripPage />} />
          {/* Purchase. */}
          <Route path={paths.planConfirmation} element={<PlanConfirmationPage />} />
          <Route path={paths.checkout} element={<CheckoutPage />} />
          <Route path={paths.payment} element={<PaymentPage />} />
          <Route path={paths.paymentSuccessful} element={<PaymentSuccessfulPage />} />
          <Route path={paths.paymentCancelled} element={<PaymentCancelledPage />} />
          <Route path={paths.paymentCancel} element={<PaymentCancelPage />} />
          <Route path={paths.paymentRedirect} element={<PaymentRedirectPage />} />
          {/* Accounts. */}
          <Route
            path={paths.signIn}
            element={
              <Decided decide={profileWhenSignedIn}>
                <SignInPage />
              </Decided>
            }
          />
          <Route path={paths.contactUs} element={<ContactPage />} />
          {/* Profile. */}
          <Route
            path={paths.profile}
            element={
              <Decided decide={signInWhenSignedOut}>
                <ProfilePage />
              </Decided>
            }
          />
          <Route path={paths.autoTopupStop} element={<AutoTopupStopPage />} />
          {/* Help. */}
          <Route path={paths.faq} element={<FaqPage />} />
          <Route path={paths.userGuide} element={<UserGuidePage />} />
          <Route path={paths.termsAndConditions} element={<TermsPage />} />
          <Route path={paths.privacyPolicy} element={<PrivacyPage />} />
          <Route path={paths.esimAlert} element={<EsimAlertPage />} />
          <Route path="*" element={<MatrixLinkOrNotFound />} />
        </Route>
      </Routes>
    </HashRouter>
  );
}
