/**
 * Every console action asks first (issue 30): what will happen, in words, then Yes or Cancel.
 * A refusal from the server (a worker holds the order, the role may only look) is told inside
 * the dialog, where the operator is looking; nothing was changed then.
 */
import type { ReactNode } from 'react';
import { Dialog } from '../../../components/dialog';
import { ProblemAlert } from '../../../components/problem-alert';
import { useOpsT } from '../hooks/use-ops-t';
import { useProblem } from '../hooks/use-problem';
import { dangerButton, secondaryButton } from './ops-styles';

export interface ConfirmDialogProps {
  open: boolean;
  message: string;
  /** A field the action needs (a refund's reason). */
  children?: ReactNode;
  pending: boolean;
  refusal: string | undefined;
  confirmDisabled?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

export function ConfirmDialog(props: ConfirmDialogProps) {
  const t = useOpsT();
  const problem = useProblem(props.refusal);
  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      title={t('confirm.title')}
      footer={
        <div className="flex flex-wrap justify-end gap-3">
          <button type="button" className={secondaryButton} onClick={props.onClose}>
            {t('confirm.no')}
          </button>
          <button
            type="button"
            className={dangerButton}
            disabled={props.pending || props.confirmDisabled}
            onClick={props.onConfirm}
          >
            {t('confirm.yes')}
          </button>
        </div>
      }
    >
      <p>{props.message}</p>
      {props.children}
      {problem ? <ProblemAlert className="mt-4" problem={problem} /> : null}
    </Dialog>
  );
}
