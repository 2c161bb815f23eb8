/** Jobs for off-loop.test.ts: where a job runs, bytes back, and a failure. */
import { threadId } from 'node:worker_threads';

export function threadOf(): number {
  return threadId;
}

export async function bytesOf(text: string): Promise<Buffer> {
  return Buffer.from(text);
}

export function refuse(reason: string): never {
  throw new Error(reason);
}
