/**
 * Whether the traveller has read an eSIM's once-only warning on this device (its code installs
 * once; deleting the eSIM loses it). Remembered per eSIM in local storage, so the warning is
 * read once and not at every visit; the card, the QR Code dialog and the offline copy share it.
 */
import { useRemembered } from '../../../lib/device-memory';
import { storageKeys } from '../../../lib/session-store';

export function installNoticeKey(iccid: string): string {
  return `${storageKeys.installNoticeRead}:${iccid}`;
}

export function useInstallNotice(iccid: string): { read: boolean; markRead: () => void } {
  const [value, set] = useRemembered(installNoticeKey(iccid));
  return { read: value === 'yes', markRead: () => set('yes') };
}
