#!/usr/bin/env node
/**
 * Copies the flag-icons package's 4:3 flags into public/flags/ (git-ignored) so the shop
 * serves every flag itself, by lower-case ISO code: /flags/fr.svg. Runs before `build` and
 * `dev`; it reads only the installed package and leaves files that are already current alone.
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Resolved like an import, so it works wherever npm hoisted the package.
const packageDir = path.dirname(createRequire(import.meta.url).resolve('flag-icons/package.json'));
const source = path.join(packageDir, 'flags', '4x3');
const target = path.join(webRoot, 'public', 'flags');

mkdirSync(target, { recursive: true });
let copied = 0;
for (const name of readdirSync(source)) {
  if (!name.endsWith('.svg')) continue;
  const from = path.join(source, name);
  const to = path.join(target, name);
  // Untouched files keep their mtime, so `npm start` does not think the web sources changed.
  if (existsSync(to) && statSync(to).size === statSync(from).size) continue;
  copyFileSync(from, to);
  copied += 1;
}
if (copied > 0) console.log(`Copied ${copied} flags to public/flags/`);
