#!/usr/bin/env node
/**
 * `npm start`: checks the configuration, builds the web app when the build is missing or
 * older than its sources, then runs the server in this process (TypeScript through tsx).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = path.join(root, 'apps/web/dist/index.html');
const webSources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'packages/contract/src',
];

function newestChange(target) {
  const stats = statSync(target);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const entry of readdirSync(target)) {
    newest = Math.max(newest, newestChange(path.join(target, entry)));
  }
  return newest;
}

function webBuildIsCurrent() {
  if (!existsSync(builtIndex)) return false;
  const builtAt = statSync(builtIndex).mtimeMs;
  return webSources.every((source) => {
    const full = path.join(root, source);
    return !existsSync(full) || newestChange(full) <= builtAt;
  });
}

const { register } = await import('tsx/esm/api');
register();

// A bad variable should stop the start at once, not after a build.
const { ConfigError, loadConfig } = await import(
  pathToFileURL(path.join(root, 'apps/server/src/config.ts')).href
);
try {
  loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}

if (!webBuildIsCurrent()) {
  console.log('Building the web app…');
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web', '--silent'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

await import(pathToFileURL(path.join(root, 'apps/server/src/server.ts')).href);
