/**
 * The web imports each contract name from the file that defines it (`@tern/contract/<file>`,
 * the package's `exports` subpaths). Through the package's index every contract file, zod
 * included, is reachable from the first script, and the bundler then puts zod in a chunk the
 * entry loads even when the entry uses no schema (issue 18, decision 0025).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));
const webSource = path.join(here, '../src');
const contractSource = path.join(here, '../../../packages/contract/src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** The contract file, as the web names it (`@tern/contract/routes`), that exports the name. */
async function definingFile(name: string): Promise<string | undefined> {
  for (const entry of readdirSync(contractSource)) {
    if (!entry.endsWith('.ts') || entry.endsWith('.test.ts') || entry === 'index.ts') continue;
    const file = entry.replace(/\.ts$/, '');
    const module: Record<string, unknown> = await import(`@tern/contract/${file}`);
    if (name in module) return path.join(contractSource, entry);
  }
  return undefined;
}

describe('contract imports', () => {
  it('names a contract file in every import of the web, never the index', () => {
    const throughIndex = sourceFiles(webSource).filter((file) =>
      /from '@tern\/contract'/.test(readFileSync(file, 'utf8')),
    );
    expect(throughIndex).toEqual([]);
  });

  it('keeps the landing and the shell off the contract files that hold schemas', async () => {
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
      const file = await definingFile(name);
      expect(file, name).toBeDefined();
      expect(readFileSync(file as string, 'utf8'), name).not.toMatch(/from 'zod'/);
    }
  });
});
