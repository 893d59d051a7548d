import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@nq/platform/testing/free-port';
import { type PrivateServer, serverProcess, takesConnections } from '@nq/platform/testing/private-process';

/**
 * A Redis of a test's own on a free loopback port, from Debian's `redis-server`, which a fault-injection test stops
 * and starts again on the same port without touching the shared Redis other tests use. Like the shared one it keeps
 * nothing (no snapshot, no append-only file): after a restart it is empty.
 */
export interface PrivateRedis extends PrivateServer {
  /** `redis://127.0.0.1:<port>`, for REDIS_URL. */
  url: string;
}

const startTimeoutMs = 30_000;

export async function startPrivateRedis(name: string): Promise<PrivateRedis> {
  // Redis runs as root without complaint, so it needs no service user; it writes nothing but its log here.
  const dir = mkdtempSync(join(tmpdir(), `nq-redis-${name}-`));
  const port = await freePort();
  const server = serverProcess({
    description: `private Redis ${name}`,
    command: 'redis-server',
    // Options on the command line, no config file. In the foreground (no --daemonize) so that our signals reach it.
    args: [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--daemonize',
      'no',
      '--save',
      '',
      '--appendonly',
      'no',
      '--dir',
      dir,
    ],
    logFile: join(dir, 'redis.log'),
    // The port alone might answer for another process that took it after freePort() looked: the log line is ours.
    ready: async (output) => (await takesConnections(port)) && /Ready to accept connections/.test(output()),
    startTimeoutMs,
  });
  await server.start();
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: server.stop,
    start: server.start,
    destroy: async () => {
      await server.dispose();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
