/** The line under a dialog's title that says which eSIM it is about. */
import { useIntl } from 'react-intl';
import type { MessageId } from '../../../locales/en';

export function DialogEsimLine({ iccid }: { iccid: string }) {
  const intl = useIntl();
  return (
    <p className="text-sm text-slate-700">
      {intl.formatMessage(
        { id: 'profile.dialog.esim' satisfies MessageId },
        {
          iccid: (
            <bdi key="iccid" dir="ltr" className="break-all font-mono text-slate-900">
              {iccid}
            </bdi>
          ),
        },
      )}
    </p>
  );
}
