/**
 * The account area (spec "Profile"): a header with the buyer's details and Logout, a name or
 * mobile typed at sign-in offered as a change, then the My eSIMs and Invoices tabs, and the
 * QR Code, Usage and eSIM details dialogs. The route's loader sends anyone not signed in, or
 * with a token the server no longer knows, to sign in; a token that dies while here is sent
 * there by the app's data cache.
 */
import { hrefTo, type MyEsim, paths } from '@tern/contract';
import { useRef, useState } from 'react';
import { usePageMeta } from '../../../lib/page-meta';
import { type Client, useSession } from '../../../lib/session-store';
import { useMyEsims } from '../api/get-my-esims';
import { DetailsChangeOffer } from '../components/details-change-offer';
import { EsimDetailsDialog } from '../components/esim-details-dialog';
import { type EsimAction, EsimList } from '../components/esim-list';
import { InvoiceList } from '../components/invoice-list';
import { ProfileHeader } from '../components/profile-header';
import { ProfileTabs } from '../components/profile-tabs';
import { QrCodeDialog } from '../components/qr-code-dialog';
import { UsageDialog } from '../components/usage-dialog';

export function ProfilePage() {
  usePageMeta('My Account');
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
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-2xl font-bold text-slate-900">You are signed out</h1>
      <a
        href={hrefTo(paths.signIn)}
        className="mt-6 inline-block rounded-full bg-brand-700 px-6 py-2.5 text-sm font-semibold text-white hover:bg-brand-800"
      >
        Sign in
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
}

function Profile({ client }: { client: Client }) {
  const esims = useMyEsims(client.email);
  const [dialog, setDialog] = useState<OpenDialog>();
  const headingRef = useRef<HTMLHeadingElement>(null);

  const openDialog = (action: EsimAction, esim: MyEsim) =>
    setDialog((current) => ({ action, esim, open: true, id: (current?.id ?? 0) + 1 }));
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
      <ProfileTabs
        tabs={[
          {
            key: 'esims',
            label: 'My eSIMs',
            panel: (
              <section aria-labelledby="profile-esims-heading">
                <h2 id="profile-esims-heading" className="sr-only">
                  My eSIMs
                </h2>
                <EsimList
                  esims={esims.data}
                  isError={esims.isError}
                  onRetry={() => void esims.refetch()}
                  onAction={openDialog}
                />
              </section>
            ),
          },
          {
            key: 'invoices',
            label: 'Invoices',
            panel: (
              <section aria-labelledby="profile-invoices-heading">
                <h2 id="profile-invoices-heading" className="sr-only">
                  Invoices
                </h2>
                <InvoiceList email={client.email} />
              </section>
            ),
          },
        ]}
      />
      <QrCodeDialog key={`qr-${dialog?.id}`} {...dialogProps('qr')} />
      <UsageDialog key={`usage-${dialog?.id}`} {...dialogProps('usage')} />
      <EsimDetailsDialog key={`details-${dialog?.id}`} {...dialogProps('details')} />
    </div>
  );
}
