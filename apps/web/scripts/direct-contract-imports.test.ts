import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { contractExports, rewriteContractImports } from './direct-contract-imports';

const contractSource = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../packages/contract/src',
);
const at = (file: string) => JSON.stringify(path.join(contractSource, file));

describe('direct contract imports', () => {
  const exportsByName = contractExports(contractSource);

  it('knows the file that defines each export, and no test or index', () => {
    expect(exportsByName.get('paths')).toBe(path.join(contractSource, 'routes.ts'));
    expect(exportsByName.get('countryListSchema')).toBe(path.join(contractSource, 'catalog.ts'));
    expect([...exportsByName.values()].some((file) => /test|index/.test(file))).toBe(false);
  });

  it('splits an import by defining file, types imported as types', () => {
    const code = `import {\n  type Country,\n  catalogApiPaths,\n  hrefTo,\n  paths as routes,\n} from '@tern/contract';\nconst x = 1;`;
    expect(rewriteContractImports(code, exportsByName)).toBe(
      [
        `import type { Country } from ${at('catalog.ts')};`,
        `import { catalogApiPaths } from ${at('catalog-paths.ts')};`,
        `import { hrefTo, paths as routes } from ${at('routes.ts')};`,
        'const x = 1;',
      ].join('\n'),
    );
  });

  it('leaves an import naming something it does not know to the index', () => {
    const code = `import { paths, notAnExport } from '@tern/contract';`;
    expect(rewriteContractImports(code, exportsByName)).toBe(code);
  });

  it('keeps the landing and the shell off the contract files that hold schemas', () => {
    // What the first script and the landing import must come from files without zod.
    for (const name of [
      'paths',
      'hrefTo',
      'accountApiPaths',
      'errorMessages',
      'languages',
      'isLanguage',
      'catalogApiPaths',
      'regionCoverageApiPath',
      'planDetailsQuery',
      'orderMessages',
      'profileTexts',
    ]) {
      const file = exportsByName.get(name);
      expect(file, name).toBeDefined();
      expect(readFileSync(file as string, 'utf8'), name).not.toMatch(/from 'zod'/);
    }
  });
});
