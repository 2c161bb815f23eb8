import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataFolderInUseError, lockDataFolder } from './data-folder-lock';

describe('the lock on a PGlite data folder', () => {
  let folder: string;
  let dataDir: string;
  const lockPath = () => `${dataDir}.lock`;

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'tern-lock-'));
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  let round = 0;
  const freshDataDir = () => {
    round += 1;
    dataDir = path.join(folder, `db${round}`);
  };

  it('names this process in the lock, refuses a second open and frees the folder on release', async () => {
    freshDataDir();
    const release = await lockDataFolder(dataDir);
    expect(await readFile(lockPath(), 'utf8')).toBe(`${process.pid}\n`);
    const refusal = lockDataFolder(dataDir);
    await expect(refusal).rejects.toBeInstanceOf(DataFolderInUseError);
    await expect(refusal).rejects.toThrow(`pid ${process.pid}`);
    await release();
    expect(existsSync(lockPath())).toBe(false);
    const again = await lockDataFolder(dataDir);
    await again();
  });

  it('refuses a folder another running process holds, and tells how to go on', async () => {
    freshDataDir();
    const other = await runningProcess();
    try {
      await writeFile(lockPath(), `${other.pid}\n`);
      const refusal = lockDataFolder(dataDir);
      await expect(refusal).rejects.toThrow(
        `The embedded database in ${dataDir} is open in another process (pid ${other.pid})`,
      );
      await expect(refusal).rejects.toThrow('Stop the shop first');
      expect(await readFile(lockPath(), 'utf8')).toBe(`${other.pid}\n`);
    } finally {
      other.kill();
    }
  });

  it('takes over the lock of a process that no longer runs', async () => {
    freshDataDir();
    await writeFile(lockPath(), `${await deadPid()}\n`);
    const release = await lockDataFolder(dataDir);
    expect(await readFile(lockPath(), 'utf8')).toBe(`${process.pid}\n`);
    await release();
  });

  it("takes over a lock naming this process's pid that this process never took (a restarted container)", async () => {
    freshDataDir();
    await writeFile(lockPath(), `${process.pid}\n`);
    const release = await lockDataFolder(dataDir);
    await expect(lockDataFolder(dataDir)).rejects.toBeInstanceOf(DataFolderInUseError);
    await release();
  });

  it('takes over a lock file left empty', async () => {
    freshDataDir();
    await writeFile(lockPath(), '');
    const release = await lockDataFolder(dataDir);
    await release();
  });
});

async function runningProcess(): Promise<ChildProcess & { pid: number }> {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], {
    stdio: 'ignore',
  });
  await once(child, 'spawn');
  return child as ChildProcess & { pid: number };
}

async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  await once(child, 'exit');
  if (child.pid === undefined) throw new Error('the short-lived process had no pid');
  return child.pid;
}
