/**
 * payment_successfull (spec sections 2, 4, 8): the gateway sends the buyer back here after
 * paying. The page asks the server where the order stands (the server confirms with the
 * gateway itself; the return URL proves nothing), every 2 seconds for about a minute, and
 * says so plainly. A delivered eSIM takes the buyer to the profile, and the stored session
 * id and gateway reference are cleared. A failed check is not an error page (spec section
 * 8 swallows it) but a line on what to do. Everything is said in the language on screen.
 */
import { paths } from '@tern/contract/routes';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { translate, useT } from '../../../lib/i18n';
import { usePageMeta } from '../../../lib/page-meta';
import { session } from '../../../lib/session-store';
import { toast } from '../../../lib/toast-store';
import { usePaymentStatus } from '../api/get-payment-status';
import { CheckoutHeader } from '../components/checkout-header';
import {
  primaryAction,
  ResultPanel,
  type ResultTone,
  secondaryAction,
} from '../components/result-panel';
import {
  afterTimeLimit,
  type PaymentResult,
  POLL_INTERVAL_MS,
  POLL_LIMIT_MS,
  paymentResult,
  resultIndicatorFrom,
  shouldPollAgain,
} from '../utils/payment-result';
import { planPageFromUrl } from '../utils/stored-plan';

const isRefusal = (error: Error | null) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500;

const tones: Record<PaymentResult['kind'], ResultTone> = {
  confirmed: 'success',
  pending: 'progress',
  failed: 'error',
  refund: 'warning',
};

export function PaymentSuccessfulPage() {
  const t = useT();
  usePageMeta(t('checkout.result.title'));
  // Read once, before the query string is removed below.
  const [gatewayRef] = useState(() => session.payment().gatewayRef);
  const [resultIndicator] = useState(() => resultIndicatorFrom(window.location.search));

  useEffect(() => {
    // The gateway's parameters sit before the hash; drop them so a reload or a shared link
    // does not carry them again. Re-confirming would be harmless: the server is idempotent.
    const { pathname, search, hash } = window.location;
    if (search) window.history.replaceState(window.history.state, '', `${pathname}${hash}`);
  }, []);

  return (
    <div className="mx-auto max-w-2xl px-4 py-10 sm:py-14">
      <CheckoutHeader title={t('checkout.result.heading')} />
      <div className="mt-8">
        {gatewayRef ? (
          <PaymentProgress gatewayRef={gatewayRef} resultIndicator={resultIndicator} />
        ) : (
          <ResultPanel
            tone="warning"
            title={t('checkout.result.nothing')}
            message={t('checkout.advice.unknown')}
          >
            <Link to={paths.profile} className={primaryAction}>
              {t('checkout.goToAccount')}
            </Link>
          </ResultPanel>
        )}
      </div>
    </div>
  );
}

function PaymentProgress(props: { gatewayRef: string; resultIndicator: string | undefined }) {
  const t = useT();
  const navigate = useNavigate();
  const [round, setRound] = useState(0);
  const [startedAt, setStartedAt] = useState(() => Date.now());
  const [timedOut, setTimedOut] = useState(false);
  // Sent until the server refuses it; the gateway, not the indicator, decides in the end.
  const [resultIndicator, setResultIndicator] = useState(props.resultIndicator);

  const status = usePaymentStatus(props.gatewayRef, resultIndicator, {
    refetchInterval: (answer, error) =>
      // A refusal (no such order, signed out) will not change by asking again.
      !isRefusal(error) && shouldPollAgain(answer?.status, Date.now() - startedAt)
        ? POLL_INTERVAL_MS
        : false,
  });

  useEffect(() => {
    const timer = setTimeout(() => setTimedOut(true), POLL_LIMIT_MS);
    return () => clearTimeout(timer);
  }, [round]);

  const orderStatus = status.data?.status;
  const result = orderStatus ? paymentResult(orderStatus, t) : undefined;
  const settled = result !== undefined && result.kind !== 'pending';

  // Once per settled answer, even where StrictMode runs effects twice.
  const handled = useRef<string>(undefined);
  useEffect(() => {
    if (!orderStatus || handled.current === orderStatus) return;
    // translate(): the language on screen now, without making the effect depend on it.
    const { kind, title } = paymentResult(orderStatus, translate);
    if (kind === 'pending') return;
    handled.current = orderStatus;
    session.clearPayment();
    if (kind === 'confirmed') {
      // Bought: the plan is no longer waiting to be bought.
      session.clearPendingPlan();
      toast.success(title);
      void navigate(paths.profile, { replace: true });
    }
  }, [orderStatus, navigate]);

  function checkAgain() {
    setTimedOut(false);
    setStartedAt(Date.now());
    setRound((value) => value + 1);
    // After a refusal, ask without the indicator (a new question, so a new query); the
    // gateway's answer is what counts.
    if (status.isError && resultIndicator) setResultIndicator(undefined);
    else void status.refetch();
  }

  if (!result) {
    if (status.isError) {
      return (
        <ResultPanel
          tone="warning"
          title={t('checkout.result.unknown')}
          message={t('checkout.advice.unknown')}
        >
          <button type="button" onClick={checkAgain} className={primaryAction}>
            {t('checkout.checkAgain')}
          </button>
          <Link to={paths.profile} className={secondaryAction}>
            {t('checkout.goToAccount')}
          </Link>
        </ResultPanel>
      );
    }
    return (
      <ResultPanel
        tone="progress"
        title={t('checkout.result.confirming')}
        message={t('checkout.result.checking')}
      />
    );
  }

  const shown = timedOut && !settled ? afterTimeLimit(result, t) : result;
  return (
    <ResultPanel
      tone={timedOut && !settled ? 'warning' : tones[shown.kind]}
      title={shown.title}
      message={shown.message}
    >
      <ResultActions result={shown} slow={timedOut && !settled} onCheckAgain={checkAgain} />
    </ResultPanel>
  );
}

function ResultActions(props: { result: PaymentResult; slow: boolean; onCheckAgain: () => void }) {
  const t = useT();
  const [planPage] = useState(() => planPageFromUrl(session.pendingPlan()?.url));
  switch (props.result.kind) {
    case 'confirmed':
      return (
        <Link to={paths.profile} className={primaryAction}>
          {t('checkout.goToAccount')}
        </Link>
      );
    case 'pending':
      return props.slow ? (
        <>
          <button type="button" onClick={props.onCheckAgain} className={primaryAction}>
            {t('checkout.checkAgain')}
          </button>
          <Link to={paths.profile} className={secondaryAction}>
            {t('checkout.goToAccount')}
          </Link>
        </>
      ) : null;
    case 'failed':
      return (
        <>
          <Link to={planPage ?? paths.plan} className={primaryAction}>
            {t(planPage ? 'checkout.backToYourPlan' : 'checkout.choosePlan')}
          </Link>
          <Link to={paths.profile} className={secondaryAction}>
            {t('checkout.goToAccount')}
          </Link>
        </>
      );
    case 'refund':
      return (
        <>
          <Link to={paths.profile} className={primaryAction}>
            {t('checkout.goToAccount')}
          </Link>
          <Link to={paths.contactUs} className={secondaryAction}>
            {t('checkout.contactUs')}
          </Link>
        </>
      );
  }
}
