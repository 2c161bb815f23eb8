import { X509Certificate } from 'node:crypto';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import tls from 'node:tls';
import { describe, expect, it } from 'vitest';
import { selfSignedCertificate } from './self-signed-certificate';

describe('a self-signed certificate', () => {
  const made = selfSignedCertificate(
    ['localhost', '127.0.0.1', '::1', 'shop-box'],
    new Date('2026-03-01T12:00:00Z'),
  );
  const certificate = new X509Certificate(made.cert);

  it('names each host and address given, and signs itself', () => {
    expect(certificate.subject).toBe('CN=localhost');
    expect(certificate.issuer).toBe(certificate.subject);
    expect(certificate.subjectAltName).toBe(
      'DNS:localhost, IP Address:127.0.0.1, IP Address:0:0:0:0:0:0:0:1, DNS:shop-box',
    );
    expect(certificate.checkIP('127.0.0.1')).toBe('127.0.0.1');
    expect(certificate.checkHost('shop-box')).toBe('shop-box');
    expect(certificate.checkHost('elsewhere.example')).toBeUndefined();
    expect(certificate.verify(certificate.publicKey)).toBe(true);
    // Trusting it trusts no certificate it could sign.
    expect(certificate.ca).toBe(false);
  });

  it('is valid from a day before it was made, for 30 days', () => {
    expect(new Date(certificate.validFrom)).toEqual(new Date('2026-02-28T12:00:00Z'));
    expect(new Date(certificate.validTo)).toEqual(new Date('2026-03-31T12:00:00Z'));
  });

  it('is a new key and serial number each time', () => {
    const again = new X509Certificate(selfSignedCertificate(['localhost']).cert);
    expect(again.serialNumber).not.toBe(certificate.serialNumber);
    expect(again.publicKey.export({ format: 'jwk' })).not.toEqual(
      certificate.publicKey.export({ format: 'jwk' }),
    );
  });

  it('serves TLS to a client that trusts it, and to no other', async () => {
    const current = selfSignedCertificate(['localhost', '127.0.0.1']);
    const server = tls.createServer({ key: current.key, cert: current.cert }, (socket) =>
      socket.end(),
    );
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    const handshake = (ca: string | undefined) =>
      new Promise<boolean>((resolve) => {
        const socket = tls.connect({ host: '127.0.0.1', port, ca }, () => {
          resolve(socket.authorized);
          socket.destroy();
        });
        socket.once('error', () => resolve(false));
      });
    try {
      expect(await handshake(current.cert)).toBe(true);
      expect(await handshake(undefined)).toBe(false);
    } finally {
      server.close();
    }
  });
});
