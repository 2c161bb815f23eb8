/**
 * The account area (spec "Profile"): a header with the buyer's details and Logout, a name or
 * mobile typed at sign-in offered as a change, then the My eSIMs and Invoices tabs, and the
 * QR Code, Usage and eSIM details dialogs. Its route (app/router.tsx) sends anyone not signed
 * in, or with a token the server no longer knows, to sign in; a token that dies while here is
 * sent there by the app's data cache.
 */

import type { MyEsim } from '@tern/contract/profile';
import { hrefTo, paths } from '@tern/contract/routes';
import { useRef, useState } from 'react';
import { useT } from '../../../lib/i18n';
import type { SavedEsim } from '../../../lib/offline/snapshot-store';
import { usePageMeta } from '../../../lib/page-meta';
import { type Client, useSession } from '../../../lib/session-store';
import { useGiftsSent } from '../api/get-gifts-sent';
import { useMyEsims } from '../api/get-my-esims';
import { AutoTopupDialog } from '../components/auto-topup-dialog';
import { ConnectionDoctorDialog } from '../components/connection-doctor-dialog';
import { CreditPanel } from '../components/credit-panel';
import { DetailsChangeOffer } from '../components/details-change-offer';
import { EsimDetailsDialog } from '../components/esim-details-dialog';
import { type EsimAction, EsimList } from '../components/esim-list';
import { GiftsSentList, giftAsEsim } from '../components/gifts-sent-list';
import { InviteFriends } from '../components/invite-friends';
import { InvoiceList } from '../components/invoice-list';
import { OfflineCopyPanel } from '../components/offline-install-cards';
import { OneTapTopupDialog } from '../components/one-tap-topup-dialog';
import { ProfileHeader } from '../components/profile-header';
import { ProfileTabs } from '../components/profile-tabs';
import { QrCodeDialog } from '../components/qr-code-dialog';
import { RefundDialog } from '../components/refund-dialog';
import { SavedCardsList } from '../components/saved-cards-list';
import { UsageDialog } from '../components/usage-dialog';
import { useOfflineCopy } from '../hooks/use-offline-copy';

export function ProfilePage() {
  const t = useT();
  usePageMeta(t('profile.meta.title'));
  const { client } = useSession();
  if (!client) return <SignedOut />;
  // A different account starts afresh: no dialog, tab or search carried over.
  return <Profile key={client.email} client={client} />;
}

/**
 * Signed out while here without leaving, say by a logout in another tab: a way back in.
 * (Logout and the data cache move on by themselves.)
 */
function SignedOut() {
  const t = useT();
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-2xl font-bold text-slate-900">{t('profile.signedOut.title')}</h1>
      <a
        href={hrefTo(paths.signIn)}
        className="mt-6 inline-block rounded-full bg-brand-700 px-6 py-2.5 text-sm font-semibold text-white hover:bg-brand-800"
      >
        {t('profile.signedOut.signIn')}
      </a>
    </div>
  );
}

/** Which dialog shows which eSIM. `id` grows with each opening, so each starts afresh. */
interface OpenDialog {
  action: EsimAction;
  esim: MyEsim;
  open: boolean;
  id: number;
  /** Offline: the copy saved on this device that the QR Code dialog shows. */
  saved?: SavedEsim;
}

function Profile({ client }: { client: Client }) {
  const t = useT();
  const esims = useMyEsims(client.email);
  const offlineCopy = useOfflineCopy(client.email, esims);
  // Gifts sent (issue 31): a tab of its own once the buyer has given one.
  const gifts = useGiftsSent(client.email).data ?? [];
  const [dialog, setDialog] = useState<OpenDialog>();
  const headingRef = useRef<HTMLHeadingElement>(null);

  const openDialog = (action: EsimAction, esim: MyEsim) =>
    setDialog((current) => ({ action, esim, open: true, id: (current?.id ?? 0) + 1 }));
  const openSavedQr = (saved: SavedEsim) =>
    setDialog((current) => ({
      action: 'qr',
      esim: saved.esim,
      saved,
      open: true,
      id: (current?.id ?? 0) + 1,
    }));
  // Offline the doctor still helps: its checklist needs no network.
  const openSavedDoctor = (saved: SavedEsim) => openDialog('doctor', saved.esim);
  const closeDialog = () => setDialog((current) => current && { ...current, open: false });
  const dialogProps = (action: EsimAction) => ({
    esim: dialog?.action === action ? dialog.esim : undefined,
    open: dialog?.action === action && dialog.open,
    onClose: closeDialog,
  });

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <ProfileHeader client={client} headingRef={headingRef} />
      <DetailsChangeOffer client={client} onAnswered={() => headingRef.current?.focus()} />
      <CreditPanel email={client.email} />
      <SavedCardsList email={client.email} />
      <ProfileTabs
        tabs={[
          {
            key: 'esims',
            label: t('profile.tabs.esims'),
            panel: (
              <section aria-labelledby="profile-esims-heading">
                <h2 id="profile-esims-heading" className="sr-only">
                  {t('profile.tabs.esims')}
                </h2>
                <OfflineCopyPanel
                  copy={offlineCopy}
                  onShowQr={openSavedQr}
                  onOpenDoctor={openSavedDoctor}
                >
                  <EsimList
                    esims={esims.data}
                    isError={esims.isError}
                    onRetry={() => void esims.refetch()}
                    onAction={openDialog}
                  />
                </OfflineCopyPanel>
              </section>
            ),
          },
          {
            key: 'invoices',
            label: t('profile.tabs.invoices'),
            panel: (
              <section aria-labelledby="profile-invoices-heading">
                <h2 id="profile-invoices-heading" className="sr-only">
                  {t('profile.tabs.invoices')}
                </h2>
                <InvoiceList email={client.email} />
              </section>
            ),
          },
          {
            key: 'invite',
            label: t('referral.tab'),
            panel: (
              <section aria-labelledby="profile-invite-heading">
                <h2 id="profile-invite-heading" className="sr-only">
                  {t('referral.tab')}
                </h2>
                <InviteFriends email={client.email} />
              </section>
            ),
          },
          ...(gifts.length > 0
            ? [
                {
                  key: 'gifts',
                  label: t('profile.tabs.gifts'),
                  panel: (
                    <section aria-labelledby="profile-gifts-heading">
                      <h2 id="profile-gifts-heading" className="sr-only">
                        {t('profile.tabs.gifts')}
                      </h2>
                      <GiftsSentList
                        gifts={gifts}
                        onRefund={(gift) => openDialog('refund', giftAsEsim(gift))}
                      />
                    </section>
                  ),
                },
              ]
            : []),
        ]}
      />
      <QrCodeDialog key={`qr-${dialog?.id}`} {...dialogProps('qr')} saved={dialog?.saved} />
      <UsageDialog key={`usage-${dialog?.id}`} {...dialogProps('usage')} />
      <EsimDetailsDialog key={`details-${dialog?.id}`} {...dialogProps('details')} />
      <ConnectionDoctorDialog key={`doctor-${dialog?.id}`} {...dialogProps('doctor')} />
      <RefundDialog key={`refund-${dialog?.id}`} {...dialogProps('refund')} />
      <OneTapTopupDialog key={`one-tap-${dialog?.id}`} {...dialogProps('oneTap')} />
      <AutoTopupDialog key={`auto-topup-${dialog?.id}`} {...dialogProps('autoTopup')} />
    </div>
  );
}
