/**
 * payment_cancelled (spec route table: "shows the plan page"): the buyer pressed Cancel on
 * the gateway's page. The unused payment session is forgotten and the buyer is back on the
 * plan they were buying (or the plan landing), told that nothing was charged.
 */
import { paths } from '@tern/contract/routes';
import { useState } from 'react';
import { Navigate } from 'react-router';
import { useT } from '../../../lib/i18n';
import { session } from '../../../lib/session-store';
import { toast } from '../../../lib/toast-store';
import { useOnce } from '../hooks/use-once';
import { planPageFromUrl } from '../utils/stored-plan';

export function PaymentCancelledPage() {
  const t = useT();
  const [planPage] = useState(() => planPageFromUrl(session.pendingPlan()?.url));
  useOnce(() => {
    session.clearPayment();
    toast.info(t('checkout.payment.cancelled'));
  });
  return <Navigate to={planPage ?? paths.plan} replace />;
}
