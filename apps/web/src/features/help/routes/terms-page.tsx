// Terms and Conditions (spec section 2, "Legal pages").
import { paths } from '@tern/contract/routes';
import { useMemo } from 'react';
import { usePageMeta } from '../../../lib/page-meta';
import { brandName } from '../../../lib/shop-settings';
import { LegalDocument } from '../components/legal-document';
import { useHelpContent } from '../components/use-help-content';

export function TermsPage() {
  const { content } = useHelpContent();
  const texts = content.pageTexts(brandName).terms;
  const sections = useMemo(() => content.termsSections(brandName), [content]);
  usePageMeta(texts.title, texts.description);
  return <LegalDocument title={texts.title} page={paths.termsAndConditions} sections={sections} />;
}
