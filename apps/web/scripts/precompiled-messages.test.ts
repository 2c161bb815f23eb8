import { parse } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { englishNamespaces } from '../src/locales/en';
import { compileCatalogue } from './precompiled-messages';

const translations = import.meta.glob<Record<string, string>>('../src/locales/{ar,fr}/*.json', {
  eager: true,
  import: 'default',
});

describe('precompiled messages', () => {
  it('parse every message of every catalogue as the runtime parser would', () => {
    const catalogues = [
      ...Object.entries(englishNamespaces).map(([name, messages]) => [`en/${name}`, messages]),
      ...Object.entries(translations),
    ] as [string, Record<string, string>][];
    expect(catalogues.length).toBeGreaterThan(20);
    for (const [where, catalogue] of catalogues) {
      const compiled = compileCatalogue(catalogue, where);
      for (const [key, message] of Object.entries(catalogue)) {
        expect(compiled[key], `${where} ${key}`).toEqual(parse(message));
      }
    }
  });

  it('format the same from the parsed message as from its text', () => {
    const message = '{count, plural, =0 {No eSIM} one {# eSIM for {name}} other {# eSIMs}}';
    const [compiled] = Object.values(compileCatalogue({ message }, 'test'));
    for (const count of [0, 1, 5]) {
      const values = { count, name: 'Ana' };
      expect(new IntlMessageFormat(compiled as never, 'en').format(values)).toBe(
        new IntlMessageFormat(message, 'en').format(values),
      );
    }
  });

  it('refuse a message that does not parse, naming its file and key', () => {
    expect(() => compileCatalogue({ broken: 'Hello {name' }, 'fr/shell.json')).toThrow(
      /fr\/shell\.json: message broken does not parse/,
    );
  });
});
