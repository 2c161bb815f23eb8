/**
 * How a phone installs an eSIM: the LPA activation string (what the QR code holds), the QR
 * code itself, and the one-tap install links of iOS 17.4+ and recent Android.
 */
import QRCode from 'qrcode';

export interface InstallableEsim {
  smdpAddress: string;
  matchingId: string;
}

/** GSMA SGP.22 activation code: `LPA:1$<SM-DP+ address>$<matching id>`. */
export function lpaString(esim: InstallableEsim): string {
  return `LPA:1$${esim.smdpAddress}$${esim.matchingId}`;
}

export function appleInstallLink(lpa: string): string {
  return `https://esimsetup.apple.com/esim_qrcode_provisioning?carddata=${encodeURIComponent(lpa)}`;
}

export function androidInstallLink(lpa: string): string {
  return `https://esimsetup.android.com/esim_qrcode_provisioning?carddata=${encodeURIComponent(lpa)}`;
}

/** The QR code as a PNG, 250 px wide (spec section 9), as bytes. */
export function qrCodePng(lpa: string): Promise<Buffer> {
  return QRCode.toBuffer(lpa, { type: 'png', errorCorrectionLevel: 'M', margin: 2, width: 250 });
}
