/**
 * Every route of the spec's route table. Pages are loaded on demand so the first visit
 * downloads only the shell and the page it opens.
 */
import { paths } from '@tern/contract';
import type { ComponentType } from 'react';
import { createHashRouter, type LoaderFunctionArgs, type RouteObject, replace } from 'react-router';
import { confirmedClient } from '../features/auth/api/validate-token';
import { completeEnglish } from '../lib/i18n';
import { Layout } from './layout';
import { queryFormOfMatrixPath } from './matrix-parameters';
import { NotFoundPage } from './not-found';
import { PageFallback } from './page-fallback';

/**
 * A page loaded on demand, so the first visit downloads only the page it opens. Apart from
 * the landing (`firstScriptWords`), a page shows once the rest of English is in too, fetched
 * beside its code (lib/i18n: the first script says only the shell's and the landing's words);
 * without it (offline before it was cached) the page still opens.
 */
export const lazyPage = (
  path: string,
  load: () => Promise<ComponentType>,
  words: 'firstScriptWords' | 'allWords' = 'allWords',
): RouteObject => ({
  path,
  lazy: async () => {
    const english = words === 'allWords' ? completeEnglish().catch(() => undefined) : undefined;
    const [Component] = await Promise.all([load(), english]);
    return { Component };
  },
  // On the first visit the shell shows at once and the page fills in when its code arrives.
  hydrateFallbackElement: <PageFallback />,
});

/*
 * Sign-in and the profile decide in loaders, which run on every navigation, even one that
 * interrupts another, once the server has confirmed the stored token (a dead one signs out).
 * They replace the history entry, so Back skips the page that sent the visitor on.
 */

/** Sign-in opened by someone signed in goes to their profile. */
async function profileWhenSignedIn() {
  return (await confirmedClient()) ? replace(paths.profile) : null;
}

/** The profile is for signed-in visitors only: anyone else goes to sign in. */
async function signInWhenSignedOut() {
  return (await confirmedClient()) ? null : replace(paths.signIn);
}

/**
 * A link in the spec's matrix form (`/plan-details;purchase_type=…`) matches no route: it
 * opens the page of its query form, replacing the history entry so Back never meets it.
 */
function queryFormOfMatrixLink({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const queryForm = queryFormOfMatrixPath(url.pathname, url.search);
  return queryForm ? replace(queryForm) : null;
}

const pageRoutes: RouteObject[] = [
  // Catalogue.
  lazyPage(
    paths.home,
    () => import('../features/catalog/routes/landing-page').then((m) => m.LandingPage),
    'firstScriptWords',
  ),
  lazyPage(
    paths.plan,
    () => import('../features/catalog/routes/landing-page').then((m) => m.LandingPage),
    'firstScriptWords',
  ),
  lazyPage(paths.plans, () =>
    import('../features/catalog/routes/plans-shortcut-page').then((m) => m.PlansShortcutPage),
  ),
  lazyPage(paths.planDetails, () =>
    import('../features/catalog/routes/plan-details-page').then((m) => m.PlanDetailsPage),
  ),
  lazyPage(paths.trip, () =>
    import('../features/catalog/routes/trip-page').then((m) => m.TripPage),
  ),
  // Purchase.
  lazyPage(paths.planConfirmation, () =>
    import('../features/checkout/routes/plan-confirmation-page').then(
      (m) => m.PlanConfirmationPage,
    ),
  ),
  lazyPage(paths.checkout, () =>
    import('../features/checkout/routes/checkout-page').then((m) => m.CheckoutPage),
  ),
  lazyPage(paths.payment, () =>
    import('../features/checkout/routes/payment-page').then((m) => m.PaymentPage),
  ),
  lazyPage(paths.paymentSuccessful, () =>
    import('../features/checkout/routes/payment-successful-page').then(
      (m) => m.PaymentSuccessfulPage,
    ),
  ),
  lazyPage(paths.paymentCancelled, () =>
    import('../features/checkout/routes/payment-cancelled-page').then(
      (m) => m.PaymentCancelledPage,
    ),
  ),
  lazyPage(paths.paymentCancel, () =>
    import('../features/checkout/routes/payment-cancel-page').then((m) => m.PaymentCancelPage),
  ),
  lazyPage(paths.paymentRedirect, () =>
    import('../features/checkout/routes/payment-redirect-page').then((m) => m.PaymentRedirectPage),
  ),
  // Accounts.
  {
    ...lazyPage(paths.signIn, () =>
      import('../features/auth/routes/sign-in-page').then((m) => m.SignInPage),
    ),
    loader: profileWhenSignedIn,
  },
  lazyPage(paths.contactUs, () =>
    import('../features/help/routes/contact-page').then((m) => m.ContactPage),
  ),
  // Profile.
  {
    ...lazyPage(paths.profile, () =>
      import('../features/profile/routes/profile-page').then((m) => m.ProfilePage),
    ),
    loader: signInWhenSignedOut,
  },
  // Help.
  lazyPage(paths.faq, () => import('../features/help/routes/faq-page').then((m) => m.FaqPage)),
  lazyPage(paths.userGuide, () =>
    import('../features/help/routes/user-guide-page').then((m) => m.UserGuidePage),
  ),
  lazyPage(paths.termsAndConditions, () =>
    import('../features/help/routes/terms-page').then((m) => m.TermsPage),
  ),
  lazyPage(paths.privacyPolicy, () =>
    import('../features/help/routes/privacy-page').then((m) => m.PrivacyPage),
  ),
  lazyPage(paths.esimAlert, () =>
    import('../features/help/routes/esim-alert-page').then((m) => m.EsimAlertPage),
  ),
  {
    path: '*',
    loader: queryFormOfMatrixLink,
    element: <NotFoundPage />,
    hydrateFallbackElement: <PageFallback />,
  },
];

export const router = createHashRouter([{ element: <Layout />, children: pageRoutes }]);
