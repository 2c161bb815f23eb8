/**
 * A build plugin: the message catalogues go into the build already parsed (ICU MessageFormat
 * ASTs), and react-intl's message parser stays out of it (about 9 kB gzip of the landing's
 * first script, issue 18), as FormatJS documents for react-intl without a parser. English is
 * TypeScript that names the contract's texts, so it is evaluated once at build start; Arabic
 * and French are JSON, parsed file by file. A string message left in the build would fail
 * to format, so a message that does not parse fails the build instead.
 */
import path from 'node:path';
import { parse } from '@formatjs/icu-messageformat-parser';
import { type Plugin, runnerImport } from 'vite';

type Catalogue = Record<string, string>;

/** Every message of a catalogue parsed; a message that does not parse names itself. */
export function compileCatalogue(catalogue: Catalogue, where: string): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(catalogue).map(([key, message]) => {
      try {
        return [key, parse(message)];
      } catch (error) {
        throw new Error(`${where}: message ${key} does not parse: ${String(error)}`);
      }
    }),
  );
}

export function precompiledMessages(options: {
  localesDir: string;
  /** JSON catalogues kept elsewhere, all languages (the operators' console's own words). */
  moreCatalogues?: RegExp;
}): Plugin {
  const englishDir = path.join(options.localesDir, 'en');
  const translated = new RegExp(
    `^${options.localesDir.replaceAll('\\', '/')}/(?:ar|fr)/[\\w-]+\\.json$`,
  );
  const isJsonCatalogue = (file: string) =>
    translated.test(file) || (options.moreCatalogues?.test(file) ?? false);
  let english: Record<string, Catalogue> = {};
  return {
    name: 'tern-precompiled-messages',
    apply: 'build',
    enforce: 'pre',
    config: () => ({
      resolve: {
        alias: [
          {
            find: /^@formatjs\/icu-messageformat-parser$/,
            replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
          },
        ],
      },
    }),
    async buildStart() {
      const { module } = await runnerImport<{ englishNamespaces: Record<string, Catalogue> }>(
        path.join(englishDir, 'index.ts'),
        { configFile: false, logLevel: 'silent' },
      );
      english = module.englishNamespaces;
    },
    transform(code, id) {
      const file = id.split('?')[0] ?? id;
      if (isJsonCatalogue(file)) {
        const compiled = compileCatalogue(JSON.parse(code) as Catalogue, file);
        return { code: JSON.stringify(compiled), map: null };
      }
      const namespace = path.basename(file, '.ts');
      // A namespace file exports its namespace by its own name (index, first and later gather).
      if (
        path.dirname(file) === englishDir &&
        file.endsWith('.ts') &&
        code.includes(`export const ${namespace} = {`)
      ) {
        const catalogue = english[namespace];
        if (!catalogue) throw new Error(`${file}: no English namespace ${namespace}`);
        const compiled = compileCatalogue(catalogue, file);
        return { code: `export const ${namespace} = ${JSON.stringify(compiled)};\n`, map: null };
      }
      return null;
    },
  };
}
