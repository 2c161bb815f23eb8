import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration', () => {
  it('runs on embedded defaults with no variables set', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.brandName).toBe('Tern');
    expect(config.publicUrl).toBe('http://localhost:8080');
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
