/**
 * payment_cancel (spec sections 2 and 8): alerts 'Error: Paymenrt canceled' (the spec's
 * spelling) and goes to the plan landing. The alert is the shell's error toast, announced
 * by screen readers and still showing on the plan page, rather than a blocking window.alert.
 * Arabic and French say it in their own words.
 */
import { paths } from '@tern/contract/routes';
import { Navigate } from 'react-router';
import { useT } from '../../../lib/i18n';
import { session } from '../../../lib/session-store';
import { toast } from '../../../lib/toast-store';
import { useOnce } from '../hooks/use-once';

export function PaymentCancelPage() {
  const t = useT();
  useOnce(() => {
    session.clearPayment();
    toast.error(t('checkout.payment.canceledAlert'));
  });
  return <Navigate to={paths.plan} replace />;
}
