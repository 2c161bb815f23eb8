/**
 * A self-signed TLS certificate made at start for the SMTP catcher's STARTTLS, with node:crypto
 * alone: Node signs but cannot build a certificate, so the few DER structures of an X.509 v3
 * certificate (RFC 5280 section 4.1) are written here. Its key never leaves the process; a
 * client trusts the certificate itself (SMTP_CA_FILE), for the names given, for 30 days.
 */
import { generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';

export interface SelfSignedCertificate {
  /** PKCS #8 PEM. */
  key: string;
  /** PEM; what a client trusts. */
  cert: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const VALID_DAYS = 30;

// RFC 5758 section 3.2, RFC 5280 section 4.2.1.6 and 4.2.1.9, X.520 commonName.
const ECDSA_WITH_SHA256 = '1.2.840.10045.4.3.2';
const COMMON_NAME = '2.5.4.3';
const SUBJECT_ALT_NAME = '2.5.29.17';
const BASIC_CONSTRAINTS = '2.5.29.19';

/** A certificate for `names` (host names and IP addresses); the first is its common name. */
export function selfSignedCertificate(
  names: readonly string[],
  now: Date = new Date(),
): SelfSignedCertificate {
  const [commonName] = names;
  if (commonName === undefined) throw new Error('A certificate needs at least one name');
  // P-256: made in a millisecond, and every TLS client takes it.
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const subject = sequence(set(sequence(oid(COMMON_NAME), utf8String(commonName))));
  const signatureAlgorithm = sequence(oid(ECDSA_WITH_SHA256));
  const toBeSigned = sequence(
    explicit(0, integer(Buffer.from([2]))), // version 3
    integer(serialNumber()),
    signatureAlgorithm,
    subject, // issuer: itself
    sequence(utcTime(new Date(now.getTime() - DAY_MS)), utcTime(addDays(now, VALID_DAYS))),
    subject,
    publicKey.export({ type: 'spki', format: 'der' }),
    explicit(3, sequence(subjectAltNames(names), endEntity())),
  );
  const signature = sign('sha256', toBeSigned, privateKey);
  const certificate = sequence(toBeSigned, signatureAlgorithm, bitString(signature));
  return {
    key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    cert: pem('CERTIFICATE', certificate),
  };
}

/** Clients check the name they connected to against these (RFC 6125), never the common name. */
function subjectAltNames(names: readonly string[]): Buffer {
  const generalNames = [...new Set(names)].map(
    (name) =>
      isIPv4(name) || isIPv6(name)
        ? tagged(0x87, ipAddressBytes(name)) // iPAddress [7]
        : tagged(0x82, Buffer.from(name, 'ascii')), // dNSName [2]
  );
  return sequence(oid(SUBJECT_ALT_NAME), octetString(sequence(...generalNames)));
}

/** cA FALSE: trusting this certificate trusts no other one it might have signed. */
function endEntity(): Buffer {
  return sequence(
    oid(BASIC_CONSTRAINTS),
    tagged(0x01, Buffer.from([0xff])),
    octetString(sequence()),
  );
}

/** Positive, at most 20 octets, and unique enough that no two starts share one (RFC 5280 4.1.2.2). */
function serialNumber(): Buffer {
  const serial = randomBytes(16);
  serial[0] = ((serial[0] ?? 0) & 0x7f) | 0x01;
  return serial;
}

function ipAddressBytes(address: string): Buffer {
  if (isIPv4(address)) return Buffer.from(address.split('.').map(Number));
  const [head = '', tail] = address.split('::');
  const groups = (part: string) => (part === '' ? [] : part.split(':'));
  const missing = 8 - groups(head).length - groups(tail ?? '').length;
  const all =
    tail === undefined
      ? groups(head)
      : [...groups(head), ...Array<string>(missing).fill('0'), ...groups(tail)];
  const bytes = Buffer.alloc(16);
  for (const [index, group] of all.entries()) {
    bytes.writeUInt16BE(Number.parseInt(group, 16), index * 2);
  }
  return bytes;
}

function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}

// DER (X.690): tag, length, contents.

function tagged(tag: number, contents: Buffer): Buffer {
  return Buffer.concat([Buffer.from([tag]), derLength(contents.length), contents]);
}

function derLength(length: number): Buffer {
  if (length < 0x80) return Buffer.from([length]);
  const octets: number[] = [];
  for (let rest = length; rest > 0; rest = Math.floor(rest / 256)) octets.unshift(rest % 256);
  return Buffer.from([0x80 | octets.length, ...octets]);
}

function sequence(...items: Buffer[]): Buffer {
  return tagged(0x30, Buffer.concat(items));
}

function set(...items: Buffer[]): Buffer {
  return tagged(0x31, Buffer.concat(items));
}

function explicit(tagNumber: number, contents: Buffer): Buffer {
  return tagged(0xa0 | tagNumber, contents);
}

function integer(bigEndian: Buffer): Buffer {
  return tagged(0x02, bigEndian);
}

function bitString(contents: Buffer): Buffer {
  return tagged(0x03, Buffer.concat([Buffer.from([0]), contents]));
}

function octetString(contents: Buffer): Buffer {
  return tagged(0x04, contents);
}

function utf8String(text: string): Buffer {
  return tagged(0x0c, Buffer.from(text, 'utf8'));
}

/** YYMMDDHHMMSSZ, which RFC 5280 requires for dates before 2050. */
function utcTime(date: Date): Buffer {
  const text = date.toISOString().replace(/[-:T]/g, '').slice(2, 14);
  return tagged(0x17, Buffer.from(`${text}Z`, 'ascii'));
}

function oid(dotted: string): Buffer {
  const [first = 0, second = 0, ...rest] = dotted.split('.').map(Number);
  const octets = [first * 40 + second];
  for (const arc of rest) {
    const base128 = [arc & 0x7f];
    for (let value = arc >>> 7; value > 0; value >>>= 7) base128.unshift(0x80 | (value & 0x7f));
    octets.push(...base128);
  }
  return tagged(0x06, Buffer.from(octets));
}

function pem(label: string, der: Buffer): string {
  const lines = der.toString('base64').match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}
