import { connect, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createTestApp } from './helpers/test-app';

/** A TCP connection that says nothing, as a load balancer's port check does. */
async function silentConnection(url: string): Promise<Socket> {
  const { hostname, port } = new URL(url);
  const socket = connect({ host: hostname, port: Number(port) });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  return socket;
}

describe('shutting down', () => {
  it('does not wait for a connection that never sent a request', async () => {
    const shop = await createTestApp();
    const socket = await silentConnection(shop.url);
    const closed = new Promise((resolve) => socket.once('close', resolve));
    const started = Date.now();
    await shop.close();
    // Node's own close would wait for it until headersTimeout, a minute.
    expect(Date.now() - started).toBeLessThan(5_000);
    await closed;
  });
});
