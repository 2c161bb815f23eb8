/**
 * The shop as a newcomer first runs it: `npm start` in a checkout with no data yet, with none
 * of the shop's variables set (README, "Run it"), on the address it prints. The checkout is this
 * one seen through a folder of links, so the shop's `./data` starts empty there and a
 * developer's own `./data` (or a shop they have running on it) is never touched.
 */
import { mkdtemp, readdir, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Child, spawnChild, stopChild, waitFor } from './child-process';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const START_TIMEOUT_MS = 180_000;

export interface FirstRun {
  /** What the shop printed: "… is running at <address>". */
  printedAddress: string;
  stop(): Promise<void>;
}

export async function startAsReadmeSays(): Promise<FirstRun> {
  const checkout = await linkedCheckout();
  const shop = spawnChild('npm', ['start'], { cwd: checkout, env: newcomersShell() });
  const stop = async () => {
    await stopChild(shop);
    await rm(checkout, { recursive: true, force: true });
  };
  try {
    const printedAddress = await waitFor(START_TIMEOUT_MS, shop, 'npm start', async () =>
      printedIn(shop),
    );
    await waitFor(START_TIMEOUT_MS, shop, 'the first catalogue load', async () =>
      (await fetch(`${printedAddress}/api/health`).catch(() => undefined))?.ok ? true : undefined,
    );
    return { printedAddress, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Every top-level entry of the repository but its data, linked into a new folder. */
async function linkedCheckout(): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), 'tern-first-run-'));
  for (const entry of await readdir(repoRoot)) {
    if (entry === 'data' || entry === '.git') continue;
    await symlink(path.join(repoRoot, entry), path.join(folder, entry));
  }
  return folder;
}

/** A shell's basics, and not one of the shop's variables (a test run sets several). */
function newcomersShell(): NodeJS.ProcessEnv {
  const { PATH, HOME, LANG, TMPDIR } = process.env;
  return Object.fromEntries(
    Object.entries({ PATH, HOME, LANG, TMPDIR }).filter(([, value]) => value !== undefined),
  );
}

function printedIn(shop: Child): string | undefined {
  return /is running at (http:\/\/\S+)/.exec(shop.output.join(''))?.[1];
}
