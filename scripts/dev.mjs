#!/usr/bin/env node
/**
 * `npm run dev`: the API with reload on port 8080 and Vite with hot reload in front of
 * it (Vite proxies /api and the sandboxes to the API). Ctrl-C stops both.
 */
import { spawn } from 'node:child_process';

const apiPort = process.env.PORT ?? '8080';
const children = [
  spawn('npm', ['run', 'dev', '-w', 'apps/server'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort },
  }),
  spawn('npm', ['run', 'dev', '-w', 'apps/web'], {
    stdio: 'inherit',
    env: { ...process.env, API_PORT: apiPort },
  }),
];

const stopAll = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stopAll);
process.on('SIGTERM', stopAll);
for (const child of children) {
  child.on('exit', (code) => {
    stopAll();
    process.exitCode = code ?? 0;
  });
}
