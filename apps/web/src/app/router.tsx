/**
 * Every route of the spec's route table. Pages are loaded on demand so the first visit
 * downloads only the shell and the page it opens. A `PendingPage` marks a page that a
 * later capability builds; the issue that builds it is named beside it.
 */
import { paths } from '@tern/contract';
import type { ComponentType } from 'react';
import { createHashRouter, type RouteObject } from 'react-router';
import { Layout } from './layout';
import { NotFoundPage } from './not-found';
import { PendingPage } from './pending-page';

/** A page loaded on demand, so the first visit downloads only the page it opens. */
export const lazyPage = (path: string, load: () => Promise<ComponentType>): RouteObject => ({
  path,
  lazy: async () => ({ Component: await load() }),
});

const pending = (path: string, title: string): RouteObject => ({
  path,
  element: <PendingPage title={title} />,
});

const pageRoutes: RouteObject[] = [
  // Catalogue (issue 3).
  // Pattern: lazyPage(paths.faq, () => import('../features/help/routes/faq-page').then((m) => m.FaqPage)),
  pending(paths.home, 'Choose your destination'),
  pending(paths.plan, 'Choose your destination'),
  pending(paths.plans, 'Plans'),
  pending(paths.planDetails, 'Plans'),
  // Purchase (issue 5).
  pending(paths.planConfirmation, 'Order summary'),
  pending(paths.checkout, 'Checkout'),
  pending(paths.payment, 'Payment'),
  pending(paths.paymentSuccessful, 'Payment successful'),
  pending(paths.paymentCancelled, 'Payment cancelled'),
  pending(paths.paymentCancel, 'Payment cancelled'),
  pending(paths.paymentRedirect, 'Payment'),
  // Accounts (issue 4).
  pending(paths.signIn, 'Sign In'),
  pending(paths.contactUs, "We're Here to Help You"),
  // Profile (issue 6).
  pending(paths.profile, 'My Account'),
  // Help (issue 7).
  pending(paths.faq, 'Frequently Asked Questions'),
  pending(paths.userGuide, 'eSIM Setup Guide'),
  pending(paths.termsAndConditions, 'Terms and Conditions'),
  pending(paths.privacyPolicy, 'Privacy Policy'),
  pending(paths.esimAlert, 'Is your phone eSIM compatible?'),
  { path: '*', element: <NotFoundPage /> },
];

export const router = createHashRouter([{ element: <Layout />, children: pageRoutes }]);
