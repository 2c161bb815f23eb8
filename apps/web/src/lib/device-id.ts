/**
 * This browser's own random id, kept in its storage and sent with every change the buyer asks
 * for (X-Tern-Device): the shop only compares it, to refuse a referral reward to the same
 * device under another account (issue 31). Nothing about the device is read; without storage
 * (private mode refusing it) no id is sent.
 */
import { storageKeys } from './session-store';

const KEY = storageKeys.device;

export function deviceId(): string | undefined {
  try {
    const kept = localStorage.getItem(KEY);
    if (kept) return kept;
    const made = crypto.randomUUID();
    localStorage.setItem(KEY, made);
    return made;
  } catch {
    return undefined;
  }
}
