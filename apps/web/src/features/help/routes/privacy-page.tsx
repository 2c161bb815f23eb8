// Privacy Policy (spec section 2, "Legal pages").
import { paths } from '@tern/contract/routes';
import { useMemo } from 'react';
import { usePageMeta } from '../../../lib/page-meta';
import { brandName } from '../../../lib/shop-settings';
import { LegalDocument } from '../components/legal-document';
import { useHelpContent } from '../components/use-help-content';

export function PrivacyPage() {
  const { content } = useHelpContent();
  const texts = content.pageTexts(brandName).privacy;
  const sections = useMemo(() => content.privacySections(brandName), [content]);
  usePageMeta(texts.title, texts.description);
  return <LegalDocument title={texts.title} page={paths.privacyPolicy} sections={sections} />;
}
