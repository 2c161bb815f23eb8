/**
 * Which one-tap install link suits the device the profile is open on, from its user agent:
 * an iPhone (or iPod) on iOS 17.4 or later opens Apple's universal link, an Android phone
 * Android's; anything else (a computer, an iPad that calls itself a Mac, an older iOS, a
 * device not told) is shown both links with the QR code first, to scan with the phone.
 */
/** `ios-old`: an iPhone before 17.4, without one-tap install (the QR code from another screen). */
export type InstallPlatform = 'ios' | 'android' | 'ios-old' | 'other';

export function installPlatform(userAgent: string | undefined): InstallPlatform {
  const ua = userAgent ?? '';
  if (/Android/i.test(ua)) return 'android';
  const ios = /(?:iPhone|iPod)[^)]*? OS (\d+)(?:_(\d+))?/.exec(ua);
  if (ios) {
    const major = Number(ios[1]);
    const minor = Number(ios[2] ?? 0);
    return major > 17 || (major === 17 && minor >= 4) ? 'ios' : 'ios-old';
  }
  return 'other';
}

/** The platform of the browser the page runs in. */
export function thisDevice(): InstallPlatform {
  return installPlatform(typeof navigator === 'undefined' ? undefined : navigator.userAgent);
}
