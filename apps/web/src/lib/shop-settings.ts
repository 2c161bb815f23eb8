/**
 * The shop's settings that the server writes into index.html at start (BRAND_NAME,
 * MOBILE_APP_SCHEME); the dev server leaves the placeholders, so the defaults apply there.
 */
import { DEFAULT_BRAND_NAME, DEFAULT_MOBILE_APP_SCHEME } from '@tern/contract';

function readSetting(metaName: string, fallback: string): string {
  const content = document.querySelector(`meta[name="${metaName}"]`)?.getAttribute('content');
  return content && !content.includes('%') ? content : fallback;
}

export const brandName = readSetting('application-name', DEFAULT_BRAND_NAME);

/** Where payment-redirect hands a mobile payment back to the app. */
export const mobileAppScheme = readSetting('mobile-app-scheme', DEFAULT_MOBILE_APP_SCHEME);
