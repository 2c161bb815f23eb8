import { threadId } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { drawQrCodePng, qrCodePng } from '../modules/esims/esim-install';
import { bytesOffLoop, runOffLoop } from './off-loop';

const fixture = new URL('./off-loop-fixture.ts', import.meta.url);

describe('work off the event loop', () => {
  it('runs a job in another thread and gives its bytes back as a Buffer', async () => {
    expect(await runOffLoop(fixture, 'threadOf', [])).not.toBe(threadId);
    const bytes = await bytesOffLoop(fixture, 'bytesOf', ['Tern']);
    expect(Buffer.isBuffer(bytes)).toBe(true);
    expect(bytes.toString()).toBe('Tern');
  });

  it("fails a job with the worker's reason and goes on with the next", async () => {
    await expect(runOffLoop(fixture, 'refuse', ['no paper'])).rejects.toThrow(/no paper/);
    expect((await bytesOffLoop(fixture, 'bytesOf', ['after'])).toString()).toBe('after');
  });

  it('draws the same QR code in a worker as in this thread', async () => {
    const lpa = 'LPA:1$rsp.example.com$ABC-123';
    const [inWorker, here] = await Promise.all([qrCodePng(lpa, 200), drawQrCodePng(lpa, 200)]);
    expect(inWorker.equals(here)).toBe(true);
  });
});
