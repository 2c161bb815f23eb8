/**
 * A build plugin: the web's `import { … } from '@tern/contract'` become imports of the contract
 * files that define each name. Through the package's index every contract file, zod included,
 * is reachable from the first script, and the bundler then puts zod in a chunk the entry loads
 * even when the entry uses no schema (issue 18: 29 kB gzip of the landing). Imported file by
 * file, zod goes only with the pages that parse with it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

const exportedName =
  /^export\s+(?:declare\s+)?(?:const|let|function\*?|async\s+function|class|type|interface|enum)\s+([A-Za-z_$][\w$]*)/gm;
const contractImport = /import\s+(type\s+)?\{([^}]*)\}\s*from\s*(['"])@tern\/contract\3;?/g;

/** Name → file of each export of the contract's source files (tests and the index aside). */
export function contractExports(sourceDir: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of readdirSync(sourceDir)) {
    if (!entry.endsWith('.ts') || entry.endsWith('.test.ts') || entry === 'index.ts') continue;
    const file = path.join(sourceDir, entry);
    for (const [, name] of readFileSync(file, 'utf8').matchAll(exportedName)) {
      if (!name) continue;
      if (files.has(name) && files.get(name) !== file)
        throw new Error(`@tern/contract exports ${name} twice`);
      files.set(name, file);
    }
  }
  return files;
}

/**
 * The code with each contract import split by defining file; an import naming anything the
 * map does not know stays as it was (the index still answers it).
 */
export function rewriteContractImports(code: string, exportsByName: Map<string, string>): string {
  return code.replace(contractImport, (statement, typeOnly: string | undefined, list: string) => {
    const specifiers = list
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
    const byFile = new Map<string, string[]>();
    for (const specifier of specifiers) {
      const name = specifier
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)[0]
        ?.trim();
      const file = name && exportsByName.get(name);
      if (!file) return statement;
      byFile.set(file, [...(byFile.get(file) ?? []), specifier]);
    }
    // A file giving only types is imported as `import type`: never loaded, whatever the compiler's
    // settings for `import { type X }`.
    const onlyTypes = (names: string[]) =>
      typeOnly || names.every((name) => name.startsWith('type '));
    return [...byFile]
      .map(([file, names]) =>
        onlyTypes(names)
          ? `import type { ${names.map((name) => name.replace(/^type\s+/, '')).join(', ')} } from ${JSON.stringify(file)};`
          : `import { ${names.join(', ')} } from ${JSON.stringify(file)};`,
      )
      .join('\n');
  });
}

export function directContractImports(options: {
  contractSourceDir: string;
  webSourceDir: string;
}): Plugin {
  const { contractSourceDir, webSourceDir } = options;
  let exportsByName = new Map<string, string>();
  return {
    name: 'tern-direct-contract-imports',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      exportsByName = contractExports(contractSourceDir);
    },
    transform(code: string, id: string) {
      if (!id.startsWith(webSourceDir) || !code.includes('@tern/contract')) return null;
      const rewritten = rewriteContractImports(code, exportsByName);
      return rewritten === code ? null : { code: rewritten, map: null };
    },
  };
}
