import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ConfigError,
  loadConfig,
  SANDBOX_ESIMGO_API_KEY,
  SANDBOX_GATEWAY_MERCHANT_ID,
  SANDBOX_GATEWAY_PASSWORD,
} from './config';

describe('configuration', () => {
  it('runs on embedded defaults with no variables set', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.brandName).toBe('Tern');
    // The address the shop prints: a newcomer who opens it is where its links go (issue 26).
    expect(config.publicUrl).toBe('http://127.0.0.1:8080');
    expect(config.publicUrlFixed).toBe(false);
  });

  it('links to the address it listens on, loopback for an address that listens everywhere', () => {
    expect(loadConfig({ PORT: '3000' }).publicUrl).toBe('http://127.0.0.1:3000');
    expect(loadConfig({ HOST: 'localhost' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ HOST: '0.0.0.0', SANDBOX_ENABLED: 'true' }).publicUrl).toBe(
      'http://127.0.0.1:8080',
    );
    expect(loadConfig({ HOST: '::1' }).publicUrl).toBe('http://[::1]:8080');
  });

  it('sends visitors to PUBLIC_URL’s host in production only, unless told otherwise', () => {
    const production = {
      NODE_ENV: 'production',
      SANDBOX_ENABLED: 'true',
      PUBLIC_URL: 'https://shop.example.com/',
    };
    expect(loadConfig(production)).toMatchObject({
      publicUrl: 'https://shop.example.com',
      publicUrlFixed: true,
      redirectToPublicHost: true,
    });
    expect(loadConfig({ ...production, PUBLIC_URL_REDIRECT: 'false' }).redirectToPublicHost).toBe(
      false,
    );
    expect(loadConfig({ PUBLIC_URL: 'http://127.0.0.1:8080' }).redirectToPublicHost).toBe(false);
    expect(
      loadConfig({ PUBLIC_URL: 'http://127.0.0.1:8080', PUBLIC_URL_REDIRECT: 'true' })
        .redirectToPublicHost,
    ).toBe(true);
  });

  it('names the variable that is wrong, on one line', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'abc' });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toMatch(/^Invalid configuration: PORT .*\(got "abc"\)$/);
      expect(message).not.toContain('\n');
    }
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).databaseUrl).toBeUndefined();
  });
});

describe('app-store badges', () => {
  it('has no store pages unless they are configured', () => {
    expect(loadConfig({}).appStores).toEqual({ appStoreUrl: undefined, playStoreUrl: undefined });
    expect(loadConfig({ APP_STORE_URL: '', PLAY_STORE_URL: '' }).appStores).toEqual({
      appStoreUrl: undefined,
      playStoreUrl: undefined,
    });
  });

  it('takes the https addresses of both store pages', () => {
    const appStoreUrl = 'https://apps.apple.com/app/tern-esim/id1234567890';
    const playStoreUrl = 'https://play.google.com/store/apps/details?id=com.tern.esim&hl=en';
    expect(
      loadConfig({ APP_STORE_URL: appStoreUrl, PLAY_STORE_URL: playStoreUrl }).appStores,
    ).toEqual({ appStoreUrl, playStoreUrl });
  });

  it.each([
    ['plain http', 'http://apps.apple.com/app/id1'],
    ['a script', 'javascript:alert(1)'],
    ['a machine name', 'https://localhost/app'],
    ['no address at all', 'Tern on the App Store'],
  ])('refuses %s as a store page, naming the variable once', (_case, value) => {
    let message = '';
    try {
      loadConfig({ APP_STORE_URL: value });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toBe(
      `Invalid configuration: APP_STORE_URL must be an https:// web address such as https://apps.apple.com/app/id123 (got "${value}")`,
    );
  });

  it('names PLAY_STORE_URL when it is the wrong one', () => {
    expect(() => loadConfig({ PLAY_STORE_URL: 'ftp://play.google.com/x' })).toThrow(
      /^Invalid configuration: PLAY_STORE_URL must be an https:\/\/ web address/,
    );
  });
});

describe('outside services', () => {
  /** Everything a production shop names, at the addresses `npm run sandboxes` prints. */
  const production = {
    NODE_ENV: 'production',
    PUBLIC_URL: 'http://127.0.0.1:8080',
    DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/tern',
    ESIMGO_URL: 'http://127.0.0.1:8081/_sandbox/esimgo/v2.4',
    ESIMGO_API_KEY: 'provider-key',
    GATEWAY_URL: 'http://127.0.0.1:8081/_sandbox/gateway',
    GATEWAY_MERCHANT_ID: 'SHOP42',
    GATEWAY_PASSWORD: 'gateway-secret',
    SMTP_URL: 'smtp://127.0.0.1:2525',
  };

  const refusal = (environment: Record<string, string | undefined>) => {
    try {
      loadConfig(environment);
    } catch (error) {
      if (error instanceof ConfigError) return error.message;
      throw error;
    }
    throw new Error('the configuration was accepted');
  };

  it('starts in production with every part configured, even at loopback addresses', () => {
    const config = loadConfig(production);
    expect(config.sandboxEnabled).toBe(false);
    expect(config.esimGo).toEqual({
      url: production.ESIMGO_URL,
      apiKey: 'provider-key',
      // No balance floor unless the shop owner sets one; the balance is read every 10 minutes.
      balanceCheckMs: 600_000,
    });
    expect(config.gateway).toMatchObject({
      url: production.GATEWAY_URL,
      merchantId: 'SHOP42',
      password: 'gateway-secret',
    });
    expect(config.mail.smtpUrl).toBe(production.SMTP_URL);
    expect(config.mail.smtpCaFile).toBeUndefined();
  });

  it('reads SMTP_CA_FILE as an absolute path, for the mailer to trust', () => {
    const config = loadConfig({ ...production, SMTP_CA_FILE: 'data/sandboxes/ca.pem' });
    expect(config.mail.smtpCaFile).toBe(path.resolve('data/sandboxes/ca.pem'));
  });

  it('refuses GATEWAY_URL without the merchant id and password, naming both on one line', () => {
    const message = refusal({ GATEWAY_URL: 'https://test-gateway.mastercard.com' });
    expect(message).toBe(
      'Invalid configuration: GATEWAY_MERCHANT_ID is required when GATEWAY_URL is set; ' +
        'GATEWAY_PASSWORD is required when GATEWAY_URL is set',
    );
  });

  it('refuses GATEWAY_URL with a merchant id but no password', () => {
    expect(refusal({ ...production, GATEWAY_PASSWORD: undefined })).toBe(
      'Invalid configuration: GATEWAY_PASSWORD is required when GATEWAY_URL is set',
    );
  });

  it('refuses ESIMGO_URL without ESIMGO_API_KEY, in development too', () => {
    expect(refusal({ ESIMGO_URL: 'https://api.esim-go.com/v2.4' })).toBe(
      'Invalid configuration: ESIMGO_API_KEY is required when ESIMGO_URL is set',
    );
    expect(refusal({ ...production, ESIMGO_API_KEY: '' })).toBe(
      'Invalid configuration: ESIMGO_API_KEY is required when ESIMGO_URL is set',
    );
  });

  it('gives the sandbox credentials only to parts a stand-in plays', () => {
    const config = loadConfig({});
    expect(config.esimGo).toEqual({
      url: undefined,
      apiKey: SANDBOX_ESIMGO_API_KEY,
      balanceCheckMs: 600_000,
    });
    expect(config.gateway).toMatchObject({
      url: undefined,
      merchantId: SANDBOX_GATEWAY_MERCHANT_ID,
      password: SANDBOX_GATEWAY_PASSWORD,
    });
  });

  it('refuses a production start that would lean on any stand-in, naming each missing part', () => {
    expect(refusal({ ...production, SMTP_URL: undefined })).toBe(
      'Invalid configuration: SMTP_URL is required when NODE_ENV=production (or set SANDBOX_ENABLED=true)',
    );
    expect(refusal({ NODE_ENV: 'production' })).toBe(
      'Invalid configuration: ' +
        [
          'PUBLIC_URL is required when NODE_ENV=production',
          'ESIMGO_URL is required when NODE_ENV=production (or set SANDBOX_ENABLED=true)',
          'GATEWAY_URL is required when NODE_ENV=production (or set SANDBOX_ENABLED=true)',
          'SMTP_URL is required when NODE_ENV=production (or set SANDBOX_ENABLED=true)',
        ].join('; '),
    );
  });

  it('allows stand-ins in production only when SANDBOX_ENABLED=true', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://demo.example.com',
      SANDBOX_ENABLED: 'true',
    });
    expect(config.sandboxEnabled).toBe(true);
    expect(config.esimGo.url).toBeUndefined();
  });

  it('keeps stand-ins off an address other machines reach unless SANDBOX_ENABLED=true', () => {
    expect(
      refusal({ ...production, NODE_ENV: undefined, HOST: '0.0.0.0', SMTP_URL: undefined }),
    ).toBe(
      'Invalid configuration: SMTP_URL is required when HOST=0.0.0.0, an address other ' +
        'machines reach (or set SANDBOX_ENABLED=true)',
    );
    expect(loadConfig({ HOST: '0.0.0.0', SANDBOX_ENABLED: 'true' }).sandboxEnabled).toBe(true);
    expect(loadConfig({ HOST: '::1' }).sandboxEnabled).toBe(true);
    expect(loadConfig({ HOST: 'localhost' }).sandboxEnabled).toBe(true);
  });
});

describe('metrics for the operator', () => {
  const token = 'a-scraper-token-of-32-characters';

  it('serves no metrics unless a token or a port of their own is set', () => {
    expect(loadConfig({}).metrics).toEqual({ token: undefined, port: undefined });
    expect(loadConfig({ METRICS_TOKEN: token, METRICS_PORT: '9464' }).metrics).toEqual({
      token,
      port: 9464,
    });
  });

  it('refuses a guessable token and a port that is not one, each on one line', () => {
    // The secret itself is never repeated in the line the log keeps.
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(
      /^Invalid configuration: METRICS_TOKEN must be at least 16 characters$/,
    );
    expect(() => loadConfig({ METRICS_PORT: '70000' })).toThrow(
      /^Invalid configuration: METRICS_PORT must be a port number from 0 to 65535 \(got "70000"\)$/,
    );
  });

  it('refuses the public port as the metrics port, which would serve them to visitors', () => {
    expect(() => loadConfig({ PORT: '8080', METRICS_PORT: '8080' })).toThrow(
      /^Invalid configuration: METRICS_PORT must differ from PORT \(both are 8080\)$/,
    );
  });
});

describe('traces for the operator', () => {
  it('traces nothing unless a collector is named', () => {
    expect(loadConfig({}).tracing).toBeUndefined();
  });

  it('sends traces to the path the OTLP spec adds to the endpoint, as protobuf by default', () => {
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' }).tracing).toEqual({
      tracesUrl: 'http://collector:4318/v1/traces',
      protocol: 'http/protobuf',
      serviceName: 'tern',
    });
    expect(
      loadConfig({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        OTEL_SERVICE_NAME: 'tern-eu',
      }).tracing,
    ).toEqual({
      tracesUrl: 'http://collector:4318/v1/traces',
      protocol: 'http/json',
      serviceName: 'tern-eu',
    });
  });

  it('refuses a protocol the shop cannot speak, on one line', () => {
    expect(() =>
      loadConfig({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318',
        OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc',
      }),
    ).toThrow(
      /^Invalid configuration: OTEL_EXPORTER_OTLP_PROTOCOL must be http\/protobuf or http\/json \(got "grpc"\)$/,
    );
  });
});
