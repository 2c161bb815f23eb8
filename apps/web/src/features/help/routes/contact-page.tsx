/**
 * Contact us (spec section 2): a message to the 24/7 support team, sent by e-mail. A
 * signed-in client finds their address already filled in.
 */
import { directionOf } from '@tern/contract/languages';
import { usePageMeta } from '../../../lib/page-meta';
import { useSession } from '../../../lib/session-store';
import { brandName } from '../../../lib/shop-settings';
import { ContactForm } from '../components/contact-form';
import { HelpPageHeader } from '../components/help-page-header';
import { useHelpContent } from '../components/use-help-content';

export function ContactPage() {
  const { language, content } = useHelpContent();
  const texts = content.pageTexts(brandName).contact;
  usePageMeta(texts.title, texts.description);
  const { client } = useSession();
  return (
    <div className="mx-auto max-w-[800px] px-4 py-10 sm:py-14">
      <HelpPageHeader title={texts.heading}>{texts.intro}</HelpPageHeader>
      <ContactForm
        clientEmail={client?.email ?? ''}
        texts={texts.form}
        direction={directionOf(language)}
      />
    </div>
  );
}
