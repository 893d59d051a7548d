import { connect, createServer, type Server, type Socket } from 'node:net';

export interface TcpProxy {
  /** The loopback port to connect to instead of the server's. */
  port: number;
  /** The server becomes unreachable: open connections are cut and new ones refused. */
  cut(): Promise<void>;
  /** It is reachable again, on the same port (and answers again after `stall`). */
  restore(): Promise<void>;
  /**
   * The server hangs: open connections are cut, new ones accepted and never answered (a server too busy or too
   * far to answer in time), until `restore`.
   */
  stall(): void;
  /** The bytes clients have sent it so far (what reached the server, or would have). */
  bytesFromClients(): number;
  close(): Promise<void>;
}

/**
 * A loopback TCP proxy to a server (PostgreSQL, Redis…) that a test can cut, to see what a client does when its
 * server goes away, without touching the server other tests use.
 */
export async function startTcpProxy(target: { host?: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  let port = 0;
  let stalled = false;
  let fromClients = 0;

  const listen = async () => {
    // Restoring a proxy that is reachable changes nothing (a test's cleanup restores whatever the test left).
    if (server) return;
    const listening = createServer((client) => {
      sockets.add(client);
      client.on('close', () => sockets.delete(client));
      client.on('error', () => undefined);
      client.on('data', (chunk: Buffer) => {
        fromClients += chunk.length;
      });
      if (stalled) return;
      const upstream = connect(target.port, target.host ?? '127.0.0.1');
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
        socket.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((ready, refused) => {
      listening.once('error', refused);
      listening.listen(port, '127.0.0.1', () => {
        listening.off('error', refused);
        ready();
      });
    });
    port = (listening.address() as { port: number }).port;
    server = listening;
  };
  const stall = () => {
    stalled = true;
    for (const socket of sockets) socket.destroy();
  };
  const stop = async () => {
    const closing = server;
    server = undefined;
    for (const socket of sockets) socket.destroy();
    if (closing) await new Promise((closed) => closing.close(closed));
  };

  await listen();
  return {
    port,
    cut: stop,
    restore: async () => {
      if (stalled) {
        stalled = false;
        for (const socket of sockets) socket.destroy();
      }
      await listen();
    },
    stall,
    bytesFromClients: () => fromClients,
    close: stop,
  };
}
