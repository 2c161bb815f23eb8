/**
 * What a phone needs to install one of the buyer's eSIMs: the LPA activation string, the
 * one-tap links, and the QR code at the size asked for. The string and links are the orders
 * module's (its delivery e-mail shows the same), so the two can never disagree.
 */
import QRCode from 'qrcode';
import {
  androidInstallLink,
  appleInstallLink,
  type InstallableEsim,
  lpaString,
} from '../orders/esim-install';

export interface InstallInstructions {
  lpa: string;
  links: { ios: string; android: string };
}

export function installInstructions(esim: InstallableEsim): InstallInstructions {
  const lpa = lpaString(esim);
  return { lpa, links: { ios: appleInstallLink(lpa), android: androidInstallLink(lpa) } };
}

/** A square PNG of `size` pixels holding the LPA string, as a phone camera scans it. */
export function qrCodePngOfSize(esim: InstallableEsim, size: number): Promise<Buffer> {
  return QRCode.toBuffer(lpaString(esim), {
    type: 'png',
    errorCorrectionLevel: 'M',
    margin: 2,
    width: size,
  });
}
