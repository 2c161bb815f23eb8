// Terms and Conditions (spec section 2, "Legal pages").
import { paths } from '@tern/contract';
import { usePageMeta } from '../../../lib/page-meta';
import { brandName } from '../../../lib/shop-settings';
import { LegalDocument } from '../components/legal-document';
import { termsSections } from '../content/terms';

const sections = termsSections(brandName);

export function TermsPage() {
  usePageMeta(
    'Terms and Conditions',
    `The terms for using ${brandName} and buying eSIM data bundles: eligibility, payment, activation, refunds and liability.`,
  );
  return (
    <LegalDocument
      title="Terms and Conditions"
      page={paths.termsAndConditions}
      sections={sections}
    />
  );
}
