import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSandboxSettings, SandboxSettingsError } from './standalone-settings';

describe('sandbox settings', () => {
  it('listens on loopback, HTTP 8081 and SMTP 2525, with data in ./data/sandboxes by default', () => {
    expect(loadSandboxSettings({})).toEqual({
      httpPort: 8081,
      smtpPort: 2525,
      host: '127.0.0.1',
      dataDir: path.resolve('data/sandboxes'),
      logLevel: 'info',
    });
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
