/**
 * The task of ./off-loop.ts's worker threads: imports the module a job names (TypeScript,
 * through tsx, whatever started the process) and runs the named export with the job's arguments.
 */
import { register } from 'tsx/esm/api';

register();

export default async function runExport({ module, name, args }) {
  const exports = await import(module);
  return exports[name](...args);
}
