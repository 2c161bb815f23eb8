/**
 * A worker thread of ./off-loop.ts: imports the module a job names (TypeScript, through tsx,
 * whatever started the process) and runs the named export with the job's arguments.
 */
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const loaded = new Map();

parentPort?.on('message', async ({ id, module, name, args }) => {
  try {
    let exports = loaded.get(module);
    if (!exports) {
      exports = await import(module);
      loaded.set(module, exports);
    }
    const result = await exports[name](...args);
    parentPort?.postMessage({ id, result });
  } catch (error) {
    parentPort?.postMessage({
      id,
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    });
  }
});
