/**
 * The shop's settings that the server writes into index.html at start (BRAND_NAME,
 * MOBILE_APP_SCHEME, APP_STORE_URL, PLAY_STORE_URL); the dev server leaves the
 * placeholders, so the defaults apply there.
 */
import { DEFAULT_BRAND_NAME, DEFAULT_MOBILE_APP_SCHEME } from '@tern/contract/brand';

function readSetting(metaName: string, fallback: string): string {
  const content = document.querySelector(`meta[name="${metaName}"]`)?.getAttribute('content');
  // A placeholder left as it is (%BRAND_NAME%); a store address may hold %-escapes of its own.
  return content && !/^%[A-Z_]+%$/.test(content) ? content : fallback;
}

export const brandName = readSetting('application-name', DEFAULT_BRAND_NAME);

/** Where payment-redirect hands a mobile payment back to the app. */
export const mobileAppScheme = readSetting('mobile-app-scheme', DEFAULT_MOBILE_APP_SCHEME);

/** The app's store pages for the footer's badges; undefined: that badge is not shown. */
export const appStoreUrl = readSetting('app-store-url', '') || undefined;
export const playStoreUrl = readSetting('play-store-url', '') || undefined;
