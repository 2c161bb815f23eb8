/**
 * Remembers a server's open connections so that a shutdown can drop the silent ones: those that
 * never sent a byte (a load balancer's TCP check, a client that gave up while connecting).
 * Node's server.close() waits for them until headersTimeout, a whole minute; connections
 * that are serving a request are left to finish.
 */
import type { Server } from 'node:http';
import type { Socket } from 'node:net';

export class SilentConnections {
  private readonly open = new Set<Socket>();

  watch(server: Server): void {
    server.on('connection', (socket: Socket) => {
      this.open.add(socket);
      socket.once('close', () => this.open.delete(socket));
    });
  }

  /** Destroys every connection that has not sent anything yet. */
  drop(): void {
    for (const socket of this.open) {
      if (socket.bytesRead === 0) socket.destroy();
    }
  }
}
