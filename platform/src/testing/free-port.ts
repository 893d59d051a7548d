import { createServer } from 'node:net';

/** A TCP port free on the loopback interface a moment ago, for a server a test starts. */
export async function freePort() {
  const server = createServer();
  await new Promise<void>((ready, failed) => {
    server.once('error', failed);
    server.listen(0, '127.0.0.1', ready);
  });
  const { port } = server.address() as { port: number };
  await new Promise((closed) => server.close(closed));
  return port;
}
