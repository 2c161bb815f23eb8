/**
 * Child processes of a browser spec (a shop, the stand-ins): started in their own process
 * group with everything they print kept for the error of a failed start, waited for with a
 * deadline, and stopped as a terminal's Ctrl-C would.
 */
import { type ChildProcess, spawn } from 'node:child_process';

const STOP_TIMEOUT_MS = 5_000;

/** A child process started here, with everything it wrote, for the error of a failed start. */
export interface Child {
  process: ChildProcess;
  output: string[];
}

export function spawnChild(
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv },
): Child {
  const child = spawn(command, args, {
    ...options,
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so stopping npm also stops the server it started.
    detached: true,
  });
  const output: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  return { process: child, output };
}

/** Polls `check` until it gives a value; fails at the deadline or when the child exits. */
export async function waitFor<T>(
  timeoutMs: number,
  child: Child,
  what: string,
  check: () => Promise<T | undefined>,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const exited = child.process.exitCode ?? child.process.signalCode;
    if (exited !== null) {
      throw new Error(`${what} exited (${exited}):\n${child.output.join('')}`);
    }
    const value = await check();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${what} was not ready after ${timeoutMs} ms:\n${child.output.join('')}`);
}

/**
 * Ctrl-C to the whole process group, as a terminal sends it (npm's child, the server, gets it
 * too); SIGKILL for whatever is still running at the deadline.
 */
export async function stopChild(child: Child): Promise<void> {
  const { pid } = child.process;
  if (pid === undefined) return;
  const group = -pid;
  if (!signal(group, 'SIGINT')) return;
  const deadline = Date.now() + STOP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (!signal(group, 0)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  signal(group, 'SIGKILL');
}

/** False when no process of the group is left to receive it. */
function signal(group: number, name: NodeJS.Signals | 0): boolean {
  try {
    process.kill(group, name);
    return true;
  } catch {
    return false;
  }
}
