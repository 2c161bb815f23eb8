/**
 * One process at a time on a PGlite data folder. PGlite is PostgreSQL inside the process that
 * opens it, without the postmaster's own guard, so a second process on the same folder (say
 * `npm run catalog:sync` while `npm start` runs) writes the same files and damages the database
 * for good. A lock file beside the folder names the process that holds it; a lock left by a
 * process that no longer runs (killed, machine restarted) is taken over.
 */
import { link, readFile, unlink, writeFile } from 'node:fs/promises';

/** The folder is open in another process: the start is refused before anything is touched. */
export class DataFolderInUseError extends Error {
  override name = 'DataFolderInUseError';
}

/** Lock files this process holds, to tell its own lock from a dead process's with the same pid. */
const heldHere = new Set<string>();

/** Takes the folder's lock or throws DataFolderInUseError; the function returned releases it. */
export async function lockDataFolder(dataDir: string): Promise<() => Promise<void>> {
  const lockPath = `${dataDir}.lock`;
  // Two tries: the second follows the removal of a dead process's lock.
  for (let attempt = 0; attempt < 2; attempt++) {
    if (await createLockFile(lockPath)) {
      heldHere.add(lockPath);
      return () => releaseLock(lockPath);
    }
    const holder = await holderOf(lockPath);
    if (holder !== undefined && isRunning(holder, lockPath)) {
      throw new DataFolderInUseError(inUseMessage(dataDir, lockPath, holder));
    }
    await unlink(lockPath).catch(ignoreMissing);
  }
  throw new DataFolderInUseError(inUseMessage(dataDir, lockPath, await holderOf(lockPath)));
}

/**
 * Writes the pid to a file of this process's own, then links it to the lock's name: the link
 * fails if the lock exists, and a lock that exists always holds a whole pid (no moment when
 * another process could read it empty and take it for a dead one's).
 */
async function createLockFile(lockPath: string): Promise<boolean> {
  const draft = `${lockPath}.${process.pid}`;
  await writeFile(draft, `${process.pid}\n`);
  try {
    await link(draft, lockPath);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    await unlink(draft).catch(ignoreMissing);
  }
}

async function holderOf(lockPath: string): Promise<number | undefined> {
  const text = await readFile(lockPath, 'utf8').catch(() => '');
  const pid = Number.parseInt(text, 10);
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

function isRunning(pid: number, lockPath: string): boolean {
  // Our own pid on a lock we did not take: an earlier life of this process's pid (a container
  // restarted, where the shop is pid 1 every time), long dead.
  if (pid === process.pid) return heldHere.has(lockPath);
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process runs under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function releaseLock(lockPath: string): Promise<void> {
  if (!heldHere.delete(lockPath)) return;
  // Removed only while it still names this process.
  if ((await holderOf(lockPath)) === process.pid) await unlink(lockPath).catch(ignoreMissing);
}

function inUseMessage(dataDir: string, lockPath: string, pid: number | undefined): string {
  const holder = pid === undefined ? 'another process' : `another process (pid ${pid})`;
  return (
    `The embedded database in ${dataDir} is open in ${holder}; only one process can use it at ` +
    'a time. Stop the shop first, then run the command again (or use PostgreSQL, DATABASE_URL, ' +
    `to run both at once). If no shop is running, delete ${lockPath}.`
  );
}

function ignoreMissing(error: NodeJS.ErrnoException): void {
  if (error.code !== 'ENOENT') throw error;
}
