/**
 * Contact us (spec section 2): a message to the 24/7 support team, sent by e-mail. A
 * signed-in client finds their address already filled in.
 */

import { usePageMeta } from '../../../lib/page-meta';
import { useSession } from '../../../lib/session-store';
import { brandName } from '../../../lib/shop-settings';
import { ContactForm } from '../components/contact-form';
import { HelpPageHeader } from '../components/help-page-header';

export function ContactPage() {
  usePageMeta(
    'Contact Us',
    `Write to the ${brandName} support team, available 24/7, about your eSIM or your order.`,
  );
  const { client } = useSession();
  return (
    <div className="mx-auto max-w-[800px] px-4 py-10 sm:py-14">
      <HelpPageHeader title="We're Here to Help You">
        Our support team is available 24/7. Send us a message and we'll get back to you soon.
      </HelpPageHeader>
      <ContactForm clientEmail={client?.email ?? ''} />
    </div>
  );
}
