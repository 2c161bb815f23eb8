/**
 * The merchant profile's wallets (GATEWAY_WALLETS) and Apple's domain-verification file
 * (APPLE_PAY_DOMAIN_ASSOCIATION_FILE), issue 32.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const REAL_GATEWAY = {
  GATEWAY_URL: 'https://test-gateway.mastercard.com',
  GATEWAY_MERCHANT_ID: 'TESTTERN01',
  GATEWAY_PASSWORD: 'secret',
};

function fileWith(text: string): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'tern-apple-')), 'association');
  writeFileSync(file, text);
  return file;
}

describe('the wallets the merchant profile offers', () => {
  it('offers both test wallets on the built-in sandbox, none on a real gateway, unless told', () => {
    expect(loadConfig({}).gateway.wallets).toEqual(['APPLE_PAY', 'GOOGLE_PAY']);
    expect(loadConfig(REAL_GATEWAY).gateway.wallets).toEqual([]);
    expect(loadConfig({ GATEWAY_WALLETS: 'none' }).gateway.wallets).toEqual([]);
    expect(loadConfig({ GATEWAY_WALLETS: 'apple_pay' }).gateway.wallets).toEqual(['APPLE_PAY']);
    expect(loadConfig({ GATEWAY_WALLETS: ' GOOGLE_PAY ' }).gateway.wallets).toEqual(['GOOGLE_PAY']);
    expect(loadConfig({ ...REAL_GATEWAY, GATEWAY_WALLETS: 'GOOGLE_PAY' }).gateway.wallets).toEqual([
      'GOOGLE_PAY',
    ]);
  });

  it('refuses a wallet it does not know, naming the variable and the value', () => {
    expect(() => loadConfig({ GATEWAY_WALLETS: 'APPLE_PAY,SAMSUNG_PAY' })).toThrow(
      'GATEWAY_WALLETS must be none or a list of apple_pay and google_pay, such as apple_pay,google_pay (got "APPLE_PAY,SAMSUNG_PAY")',
    );
    expect(() => loadConfig({ GATEWAY_WALLETS: 'APPLE_PAY;GOOGLE_PAY' })).toThrow(ConfigError);
  });
});

describe("Apple's domain-verification file", () => {
  it('is read once at start, and undefined when not configured', () => {
    const file = fileWith('7B22706964223A22544552E227D\n');
    expect(
      loadConfig({ APPLE_PAY_DOMAIN_ASSOCIATION_FILE: file }).gateway.applePayDomainAssociation,
    ).toBe('7B22706964223A22544552E227D\n');
    expect(loadConfig({}).gateway.applePayDomainAssociation).toBeUndefined();
  });

  it('stops the start when the file is missing or empty, naming it', () => {
    const missing = path.join(tmpdir(), 'tern-no-such-apple-file');
    expect(() => loadConfig({ APPLE_PAY_DOMAIN_ASSOCIATION_FILE: missing })).toThrow(
      `Invalid configuration: APPLE_PAY_DOMAIN_ASSOCIATION_FILE ${missing} cannot be read (ENOENT)`,
    );
    const empty = fileWith('  \n');
    expect(() => loadConfig({ APPLE_PAY_DOMAIN_ASSOCIATION_FILE: empty })).toThrow(
      `APPLE_PAY_DOMAIN_ASSOCIATION_FILE ${empty} is empty`,
    );
  });

  it('is required for Apple Pay on a real gateway, not on the sandbox (Apple verifies no sandbox domain)', () => {
    expect(() => loadConfig({ ...REAL_GATEWAY, GATEWAY_WALLETS: 'APPLE_PAY' })).toThrow(
      'APPLE_PAY_DOMAIN_ASSOCIATION_FILE is required when GATEWAY_WALLETS includes APPLE_PAY and GATEWAY_URL is set',
    );
    const file = fileWith('association');
    expect(
      loadConfig({
        ...REAL_GATEWAY,
        GATEWAY_WALLETS: 'APPLE_PAY',
        APPLE_PAY_DOMAIN_ASSOCIATION_FILE: file,
      }).gateway.wallets,
    ).toEqual(['APPLE_PAY']);
    expect(loadConfig({ GATEWAY_WALLETS: 'APPLE_PAY' }).gateway.applePayDomainAssociation).toBe(
      undefined,
    );
  });
});
