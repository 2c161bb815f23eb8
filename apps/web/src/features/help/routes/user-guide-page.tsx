// The eSIM Setup Guide (spec section 2): step-by-step installation for iPhone and Android.

import { usePageMeta } from '../../../lib/page-meta';
import { brandName } from '../../../lib/shop-settings';
import { HelpPageHeader } from '../components/help-page-header';
import { SetupGuide } from '../components/setup-guide';
import { SupportCallout } from '../components/support-callout';

export function UserGuidePage() {
  usePageMeta(
    'eSIM Setup Guide',
    `Step-by-step instructions to install and activate your ${brandName} eSIM on iPhone and Android.`,
  );
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:py-14">
      <HelpPageHeader title="eSIM Setup Guide">
        Follow these simple steps to activate your eSIM
      </HelpPageHeader>
      <SetupGuide />
      <SupportCallout heading="Need more help?" />
    </div>
  );
}
