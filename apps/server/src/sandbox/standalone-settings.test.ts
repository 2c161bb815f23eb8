import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SANDBOX_GATEWAY_NOTIFICATION_SECRET } from '../config';
import { loadSandboxSettings, SandboxSettingsError } from './standalone-settings';

describe('sandbox settings', () => {
  it('listens on loopback, HTTP 8081 and SMTP 2525, with data in ./data/sandboxes by default', () => {
    expect(loadSandboxSettings({})).toEqual({
      httpPort: 8081,
      smtpPort: 2525,
      host: '127.0.0.1',
      dataDir: path.resolve('data/sandboxes'),
      logLevel: 'info',
      // The SMTP catcher takes any mail from anyone, with no login and no TLS.
      smtp: { requireStartTls: false, failNextMessages: 0 },
    });
  });

  it('reads the strict switches of the SMTP catcher', () => {
    const { smtp } = loadSandboxSettings({
      SANDBOX_SMTP_USER: 'shop',
      SANDBOX_SMTP_PASSWORD: 'secret',
      SANDBOX_SMTP_REQUIRE_STARTTLS: 'true',
      SANDBOX_SMTP_TEMPFAIL_NEXT: '2',
      SANDBOX_SMTP_TEMPFAIL_RECIPIENTS: '^greylisted@',
    });
    expect(smtp).toEqual({
      login: { user: 'shop', password: 'secret' },
      requireStartTls: true,
      failNextMessages: 2,
      failRecipients: /^greylisted@/i,
    });
    expect(smtp?.failRecipients?.test('GreyListed@example.com')).toBe(true);
  });

  it('refuses a catcher login with half its credentials', () => {
    expect(() => loadSandboxSettings({ SANDBOX_SMTP_USER: 'shop' })).toThrow(
      new SandboxSettingsError(
        'Invalid sandbox settings: SANDBOX_SMTP_PASSWORD is required when SANDBOX_SMTP_USER is set',
      ),
    );
    expect(() => loadSandboxSettings({ SANDBOX_SMTP_PASSWORD: 'secret' })).toThrow(
      /SANDBOX_SMTP_USER is required when SANDBOX_SMTP_PASSWORD is set/,
    );
  });

  it("sends the gateway's notifications only when told the shop's address, with the sandbox's secret unless given one", () => {
    const url = 'http://127.0.0.1:8080/payment/notifications';
    expect(loadSandboxSettings({}).gatewayNotifications).toBeUndefined();
    expect(loadSandboxSettings({ GATEWAY_NOTIFICATION_URL: url }).gatewayNotifications).toEqual({
      url,
      secret: SANDBOX_GATEWAY_NOTIFICATION_SECRET,
    });
    const secret = 'a-secret-of-the-shop-owner';
    expect(
      loadSandboxSettings({ GATEWAY_NOTIFICATION_URL: url, GATEWAY_NOTIFICATION_SECRET: secret })
        .gatewayNotifications,
    ).toEqual({ url, secret });
  });

  it('refuses a notification secret with nowhere to send it, or too short', () => {
    expect(() =>
      loadSandboxSettings({ GATEWAY_NOTIFICATION_SECRET: 'a-secret-of-the-shop-owner' }),
    ).toThrow(
      new SandboxSettingsError(
        'Invalid sandbox settings: GATEWAY_NOTIFICATION_URL is required when GATEWAY_NOTIFICATION_SECRET is set',
      ),
    );
    expect(() =>
      loadSandboxSettings({
        GATEWAY_NOTIFICATION_URL: 'http://127.0.0.1:8080/payment/notifications',
        GATEWAY_NOTIFICATION_SECRET: 'short',
      }),
    ).toThrow(/GATEWAY_NOTIFICATION_SECRET must be at least 16 characters/);
  });

  it('names a bad count or pattern of temporary failures', () => {
    expect(() =>
      loadSandboxSettings({
        SANDBOX_SMTP_TEMPFAIL_NEXT: '-1',
        SANDBOX_SMTP_TEMPFAIL_RECIPIENTS: '(unclosed',
        SANDBOX_SMTP_REQUIRE_STARTTLS: 'yes',
      }),
    ).toThrow(
      new SandboxSettingsError(
        'Invalid sandbox settings: SANDBOX_SMTP_REQUIRE_STARTTLS must be true or false (got "yes"); ' +
          'SANDBOX_SMTP_TEMPFAIL_NEXT must be a whole number from 0 (got "-1"); ' +
          'SANDBOX_SMTP_TEMPFAIL_RECIPIENTS must be a regular expression, such as ^bounce@ (got "(unclosed")',
      ),
    );
  });

  it('reads each variable, and empty ones count as unset', () => {
    const settings = loadSandboxSettings({
      SANDBOX_PORT: '0',
      SANDBOX_SMTP_PORT: '1025',
      SANDBOX_HOST: '0.0.0.0',
      SANDBOX_DATA_DIR: '',
      ESIMGO_CALLBACK_URL: 'http://127.0.0.1:8080/esimgo/callback',
    });
    expect(settings).toMatchObject({
      httpPort: 0,
      smtpPort: 1025,
      host: '0.0.0.0',
      esimGoCallbackUrl: 'http://127.0.0.1:8080/esimgo/callback',
    });
    expect(settings.dataDir).toBe(path.resolve('data/sandboxes'));
  });

  it('names each bad variable on one line', () => {
    expect(() => loadSandboxSettings({ SANDBOX_PORT: 'http', SANDBOX_SMTP_PORT: '70000' })).toThrow(
      new SandboxSettingsError(
        'Invalid sandbox settings: SANDBOX_PORT must be a port number from 0 to 65535 (got "http"); SANDBOX_SMTP_PORT must be a port number from 0 to 65535 (got "70000")',
      ),
    );
  });
});
