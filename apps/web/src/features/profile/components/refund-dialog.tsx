/**
 * Request refund: what will happen, asked before it happens (the eSIM is cancelled for good),
 * then the server's verdict. Done: a toast, the dialog closes and the list shows the eSIM
 * refunded and the invoice its credit. Refused (installed, past 14 days) or interrupted (the
 * provider or the payment service did not answer): the server's own words, in the dialog.
 */
import type { MyEsim } from '@tern/contract/profile';
import { Dialog, secondaryButtonClass } from '../../../components/dialog';
import { ApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session-store';
import { toast } from '../../../lib/toast-store';
import { useRequestRefund } from '../api/request-refund';
import { useProfileWords } from '../hooks/use-profile-words';

interface RefundDialogProps {
  esim: MyEsim | undefined;
  open: boolean;
  onClose: () => void;
}

export function RefundDialog({ esim, open, onClose }: RefundDialogProps) {
  const { t } = useProfileWords();
  const email = useSession().client?.email ?? '';
  const refund = useRequestRefund(email);
  const iccid = esim?.iccid ?? '';
  const topups = esim?.bundles.filter((bundle) => bundle.kind === 'topup').length ?? 0;
  const failure = refund.error
    ? refund.error instanceof ApiError
      ? refund.error.message
      : t('profile.refund.failed')
    : undefined;

  const confirm = () => {
    if (!iccid || refund.isPending) return;
    refund.mutate(iccid, {
      onSuccess: () => {
        toast.success(t('profile.refund.done'));
        onClose();
      },
    });
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('profile.refund.title')}
      width="md"
      footer={
        <>
          <button type="button" onClick={onClose} className={secondaryButtonClass}>
            {t('profile.refund.keep')}
          </button>
          <button
            type="button"
            onClick={confirm}
            disabled={refund.isPending || refund.isSuccess}
            aria-describedby={failure ? 'refund-failure' : undefined}
            className="rounded-full bg-red-700 px-5 py-2.5 text-sm font-semibold text-white hover:bg-red-800 disabled:cursor-wait disabled:opacity-60"
          >
            {refund.isPending ? t('profile.refund.working') : t('profile.refund.confirm')}
          </button>
        </>
      }
    >
      <p className="text-slate-800">
        {t('profile.refund.intro')}{' '}
        <bdi dir="ltr" className="font-mono">
          {iccid}
        </bdi>
      </p>
      <ul className="mt-3 list-disc space-y-1.5 ps-5 text-sm text-slate-700">
        <li>{t('profile.refund.check')}</li>
        <li>{t('profile.refund.cancel')}</li>
        <li>{t('profile.refund.money', { topups })}</li>
        <li>{t('profile.refund.mail')}</li>
      </ul>
      {failure ? (
        <p
          id="refund-failure"
          role="alert"
          className="mt-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900"
        >
          {failure}
        </p>
      ) : (
        <p role="status" className="sr-only">
          {refund.isPending ? t('profile.refund.working') : ''}
        </p>
      )}
    </Dialog>
  );
}
