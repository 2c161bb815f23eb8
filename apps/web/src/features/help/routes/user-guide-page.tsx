// The eSIM Setup Guide (spec section 2): step-by-step installation for iPhone and Android.

import { usePageMeta } from '../../../lib/page-meta';
import { brandName } from '../../../lib/shop-settings';
import { HelpPageHeader } from '../components/help-page-header';
import { SetupGuide } from '../components/setup-guide';
import { SupportCallout } from '../components/support-callout';
import { TravelTimingNote } from '../components/travel-timing-note';
import { useHelpContent } from '../components/use-help-content';

export function UserGuidePage() {
  const { content } = useHelpContent();
  const texts = content.pageTexts(brandName).guide;
  usePageMeta(texts.title, texts.description);
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:py-14">
      <HelpPageHeader title={texts.title}>{texts.intro}</HelpPageHeader>
      <TravelTimingNote texts={texts.beforeYouTravel} />
      <SetupGuide />
      <SupportCallout heading={texts.needMoreHelp} />
    </div>
  );
}
