// Privacy Policy (spec section 2, "Legal pages").
import { paths } from '@tern/contract';
import { usePageMeta } from '../../../lib/page-meta';
import { brandName } from '../../../lib/shop-settings';
import { LegalDocument } from '../components/legal-document';
import { privacySections } from '../content/privacy';

const sections = privacySections(brandName);

export function PrivacyPage() {
  usePageMeta(
    'Privacy Policy',
    `What personal data ${brandName} keeps, why, who it is shared with, how long it is kept and your rights.`,
  );
  return <LegalDocument title="Privacy Policy" page={paths.privacyPolicy} sections={sections} />;
}
