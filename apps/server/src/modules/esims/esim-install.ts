/**
 * How a phone installs an eSIM: the LPA activation string (what the QR code holds), the QR
 * code itself, and the one-tap install links of iOS 17.4+ and recent Android. The delivery
 * e-mail and the profile's eSIM details both use these, so the two can never disagree.
 */
import { QR_DEFAULT_SIZE } from '@tern/contract';
import QRCode from 'qrcode';
import { bytesOffLoop } from '../../lib/off-loop';

export interface InstallableEsim {
  smdpAddress: string;
  matchingId: string;
}

/** GSMA SGP.22 activation code: `LPA:1$<SM-DP+ address>$<matching id>`. */
export function lpaString(esim: InstallableEsim): string {
  return `LPA:1$${esim.smdpAddress}$${esim.matchingId}`;
}

function appleInstallLink(lpa: string): string {
  return `https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=${encodeURIComponent(lpa)}`;
}

function androidInstallLink(lpa: string): string {
  return `https://esimsetup.android.com/esim_qrcode_provisioning?carddata=${encodeURIComponent(lpa)}`;
}

interface InstallInstructions {
  lpa: string;
  links: { ios: string; android: string };
}

/** The activation string with the one-tap links that carry it. */
export function installInstructions(esim: InstallableEsim): InstallInstructions {
  const lpa = lpaString(esim);
  return { lpa, links: { ios: appleInstallLink(lpa), android: androidInstallLink(lpa) } };
}

/**
 * The QR code as a square PNG, 250 px wide unless asked otherwise (spec section 9), as bytes.
 * Drawn in a worker thread: 9 ms of CPU at 250 px and 90 ms at 1000 px would otherwise hold
 * every other request (lib/off-loop.ts).
 */
export function qrCodePng(lpa: string, width: number = QR_DEFAULT_SIZE): Promise<Buffer> {
  return bytesOffLoop(import.meta.url, drawQrCodePng.name, [lpa, width]);
}

/** Draws the QR code PNG in the calling thread (the worker's side of qrCodePng). */
export function drawQrCodePng(lpa: string, width: number): Promise<Buffer> {
  return QRCode.toBuffer(lpa, { type: 'png', errorCorrectionLevel: 'M', margin: 2, width });
}
