/**
 * payment_cancel (spec sections 2 and 8): alerts 'Error: Paymenrt canceled' (the spec's
 * spelling) and goes to the plan landing. The alert is the shell's error toast, announced
 * by screen readers and still showing on the plan page, rather than a blocking window.alert.
 */
import { orderMessages, paths } from '@tern/contract';
import { Navigate } from 'react-router';
import { session } from '../../../lib/session-store';
import { toast } from '../../../lib/toast-store';
import { useOnce } from '../hooks/use-once';

export function PaymentCancelPage() {
  useOnce(() => {
    session.clearPayment();
    toast.error(orderMessages.paymentCanceled);
  });
  return <Navigate to={paths.plan} replace />;
}
