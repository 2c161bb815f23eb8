/**
 * Plan confirmation (spec "Plan confirmation", sections 4, 5, 8): the order summary of the
 * plan chosen on plan-details, the advice on slow payments, and the way to the gateway's
 * secure page. Buying needs a sign-in: a signed-out visitor goes to sign-in and the plan
 * stays stored, so they come straight back here.
 */

import type { Plan } from '@tern/contract/catalog';
import { orderPricingInDollars, priceOrderInCents } from '@tern/contract/credit';
import type { CreateSessionRequest } from '@tern/contract/orders';
import { paths } from '@tern/contract/routes';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import { useT } from '../../../lib/i18n';
import { usePageMeta } from '../../../lib/page-meta';
import { type Client, session, useSession } from '../../../lib/session-store';
import { toast } from '../../../lib/toast-store';
import type { MessageId } from '../../../locales/en';
import { useCreatePaymentSession } from '../api/create-payment-session';
import { CheckoutHeader } from '../components/checkout-header';
import { CreditChoice } from '../components/credit-choice';
import { DestinationCheck, PlanClock } from '../components/destination-checks';
import { GiftFields } from '../components/gift-fields';
import { NoPlanNotice } from '../components/no-plan-notice';
import { OrderSummaryTable } from '../components/order-summary-table';
import { PaymentWarning } from '../components/payment-warning';
import { PromoCodeField } from '../components/promo-code-field';
import { primaryAction, secondaryAction } from '../components/result-panel';
import { SaveCardConsent } from '../components/save-card-consent';
import { SavedCardPayment } from '../components/saved-card-payment';
import { useBeginPayment } from '../hooks/use-begin-payment';
import { useGiftFields } from '../hooks/use-gift-fields';
import { HomeCountryHoldCheck, useHomeCountryHold } from '../hooks/use-home-country-hold';
import { useOnce } from '../hooks/use-once';
import { usePromoCode } from '../hooks/use-promo-code';
import { type Purchase, readStoredPlan } from '../utils/stored-plan';

export function PlanConfirmationPage() {
  const t = useT();
  usePageMeta(t('checkout.confirmation.title'), t('checkout.confirmation.description'));
  const { client } = useSession();
  const navigate = useNavigate();
  // Read once: the page shows what was chosen when it opened.
  const [stored] = useState(() => readStoredPlan(session.pendingPlan()));

  useEffect(() => {
    if (!client) void navigate(paths.signIn, { replace: true });
  }, [client, navigate]);

  useOnce(() => {
    if (client && stored.kind === 'none') toast.error(t('checkout.noPlan.selected'));
  });

  if (!client) return null;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
      <CheckoutHeader title={t('checkout.confirmation.title')}>
        {t('checkout.confirmation.intro')}
      </CheckoutHeader>
      {stored.kind === 'none' ? (
        <NoPlanNotice />
      ) : stored.kind === 'invalid-topup' ? (
        <NoPlanNotice message={t('checkout.confirmation.invalidTopUp')} />
      ) : (
        <Confirmation
          client={client}
          plan={stored.plan}
          purchase={stored.purchase}
          planPage={stored.planPage}
        />
      )}
    </div>
  );
}

interface ConfirmationProps {
  client: Client;
  plan: Plan;
  purchase: Purchase;
  planPage: string | undefined;
}

function Confirmation({ client, plan, purchase, planPage }: ConfirmationProps) {
  const t = useT();
  const intl = useIntl();
  const createSession = useCreatePaymentSession();
  const beginPayment = useBeginPayment();
  const [busy, setBusy] = useState(false);
  // Issue 31: a plan for the buyer's own country waits for their confirmation.
  const homeHold = useHomeCountryHold(client.mobile, plan);
  const { held } = homeHold;
  const heldHintId = homeHold.hintId;
  const gift = useGiftFields(client.email);
  const [useCredit, setUseCredit] = useState(false);
  // Issue 32: the buyer's card-on-file consent, unticked until they tick it.
  const [saveCard, setSaveCard] = useState(false);
  const promo = usePromoCode(plan.pla_name, t('checkout.promo.failed'));
  const discountCents = Math.round((promo.applied?.discount ?? 0) * 100);

  async function proceed() {
    if (held) return;
    // A gift (issue 31): its fields, or nothing opened while one of them is wrong.
    const giftFields = purchase.type === 'Regular' ? gift.giftRequest() : {};
    if (giftFields === null) return;
    const request: CreateSessionRequest = {
      pur_pla_name: plan.pla_name,
      pur_client_name: client.name,
      pur_client_email: client.email,
      pur_type: purchase.type,
      ...(purchase.type === 'Topup' ? { pur_client_iccid: purchase.iccid } : {}),
      ...homeHold.request,
      ...giftFields,
      ...(useCredit ? { pur_use_credit: true } : {}),
      ...promo.request(),
      ...(saveCard ? { pur_save_card: true } : {}),
    };
    setBusy(true);
    try {
      await beginPayment(() => createSession.mutateAsync(request));
    } finally {
      setBusy(false);
    }
  }

  // The address stays left to right inside Arabic text.
  const email = (
    <bdi key="email" dir="ltr">
      {client.email}
    </bdi>
  );
  return (
    <>
      {purchase.type === 'Topup' ? (
        <p className="mt-6 inline-flex max-w-full break-all rounded-full bg-amber-100 px-3 py-1 text-sm font-medium text-amber-900">
          {intl.formatMessage(
            { id: 'checkout.confirmation.topUp' satisfies MessageId },
            {
              iccid: (
                <bdi key="iccid" dir="ltr">
                  {purchase.iccid}
                </bdi>
              ),
            },
          )}
        </p>
      ) : null}
      <div className="mt-8 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
        <OrderSummaryTable plan={plan} />
        <DestinationCheck plan={plan} purchase={purchase} />
        <PlanClock plan={plan} />
        <dl className="grid gap-1 border-t border-slate-200 bg-slate-50 px-4 py-4 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-6 sm:px-6">
          <dt className="font-medium text-slate-600">{t('checkout.confirmation.billedTo')}</dt>
          <dd className="break-words text-slate-900">
            {client.name
              ? intl.formatMessage(
                  { id: 'checkout.confirmation.billedToNamed' satisfies MessageId },
                  { name: client.name, email },
                )
              : email}
          </dd>
        </dl>
      </div>
      <HomeCountryHoldCheck hold={homeHold} />
      {purchase.type === 'Regular' ? <GiftFields gift={gift} /> : null}
      <CreditChoice
        email={client.email}
        price={plan.pla_price}
        checked={useCredit}
        onCheckedChange={setUseCredit}
        discountCents={discountCents}
      />
      <PromoCodeField
        promo={promo}
        // With credit in use, the credit's box shows the whole breakdown, the code's included.
        pricing={
          promo.applied && !useCredit
            ? pricingWithDiscount(plan.pla_price, discountCents)
            : undefined
        }
      />
      {/* Issue 32: a top-up can be paid at once with a saved card, besides the gateway's page. */}
      {purchase.type === 'Topup' ? (
        <SavedCardPayment
          email={client.email}
          iccid={purchase.iccid}
          plan={plan}
          disabled={held}
          disabledHintId={held ? heldHintId : undefined}
          extrasChosen={useCredit || promo.applied !== undefined}
        />
      ) : null}
      <SaveCardConsent checked={saveCard} onCheckedChange={setSaveCard} />
      <div className="mt-6">
        <PaymentWarning />
      </div>
      <div className="mt-8 flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <Link to={planPage ?? paths.plan} className={secondaryAction}>
          {t('checkout.backToPlans')}
        </Link>
        <button
          type="button"
          onClick={() => void proceed()}
          disabled={busy || held}
          aria-describedby={held ? heldHintId : undefined}
          className={`${primaryAction} gap-2 disabled:cursor-not-allowed disabled:opacity-70`}
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18" fill="currentColor">
            <path d="M7 10V7a5 5 0 0 1 10 0v3h1a1 1 0 0 1 1 1v10a1 1 0 0 1-1 1H6a1 1 0 0 1-1-1V11a1 1 0 0 1 1-1h1Zm2 0h6V7a3 3 0 0 0-6 0v3Z" />
          </svg>
          {t('checkout.confirmation.proceed')}
        </button>
      </div>
      {held ? (
        <p id={heldHintId} className="mt-3 text-end text-sm text-slate-700">
          {t('checkout.checks.home.required')}
        </p>
      ) : null}
    </>
  );
}

/** The order's price with a promo code's discount and no credit, in dollars. */
function pricingWithDiscount(price: number, discountCents: number) {
  return orderPricingInDollars(
    priceOrderInCents({ priceCents: Math.round(price * 100), discountCents }),
  );
}
