import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@nq/platform/testing/free-port';
import { type ServerProcess, serverProcess, takesConnections } from '@nq/platform/testing/private-process';

/**
 * A replicated Redis of a test's own, as production runs it: a primary, a replica and a sentinel that promotes the
 * replica when the primary stops answering (after a second), from Debian's `redis-server` (`--sentinel` for the
 * sentinel). Keeps nothing on disk.
 */
export interface PrivateRedisSentinel {
  /** `redis-sentinel://127.0.0.1:<sentinel port>/nq`, for REDIS_URL. */
  url: string;
  primary: ServerProcess;
  replica: ServerProcess;
  /** The port of the server the sentinel names primary now. */
  primaryPort(): Promise<number>;
  destroy(): Promise<void>;
}

const startTimeoutMs = 30_000;
const primaryName = 'nq';

export async function startPrivateRedisSentinel(name: string): Promise<PrivateRedisSentinel> {
  const dir = mkdtempSync(join(tmpdir(), `nq-redis-sentinel-${name}-`));
  const [primaryPort, replicaPort, sentinelPort] = [await freePort(), await freePort(), await freePort()];
  const redis = (role: string, port: number, extra: string[], ready: RegExp) =>
    serverProcess({
      description: `private Redis ${name} (${role})`,
      command: 'redis-server',
      args: ['--port', String(port), '--bind', '127.0.0.1', '--daemonize', 'no', '--save', '', '--appendonly', 'no']
        .concat(['--dir', dir, '--dbfilename', `${role}.rdb`])
        .concat(extra),
      logFile: join(dir, `${role}.log`),
      ready: async (output) => (await takesConnections(port)) && ready.test(output()),
      startTimeoutMs,
    });
  const primary = redis('primary', primaryPort, [], /Ready to accept connections/);
  const replica = redis(
    'replica',
    replicaPort,
    ['--replicaof', '127.0.0.1', String(primaryPort)],
    /MASTER <-> REPLICA sync: Finished with success/,
  );
  // A sentinel rewrites its configuration file: it must be a file of its own.
  const sentinelConfig = join(dir, 'sentinel.conf');
  writeFileSync(
    sentinelConfig,
    [
      `port ${sentinelPort}`,
      'bind 127.0.0.1',
      'daemonize no',
      `dir ${dir}`,
      `sentinel monitor ${primaryName} 127.0.0.1 ${primaryPort} 1`,
      `sentinel down-after-milliseconds ${primaryName} 1000`,
      `sentinel failover-timeout ${primaryName} 10000`,
      '',
    ].join('\n'),
  );
  const sentinel = serverProcess({
    description: `private Redis ${name} (sentinel)`,
    command: 'redis-server',
    args: [sentinelConfig, '--sentinel'],
    logFile: join(dir, 'sentinel.log'),
    ready: async (output) => (await takesConnections(sentinelPort)) && /\+slave slave/.test(output()),
    startTimeoutMs,
  });
  await primary.start();
  await replica.start();
  await sentinel.start();
  const ask = async () => {
    const { Redis } = await import('ioredis');
    const client = new Redis({ port: sentinelPort, host: '127.0.0.1', lazyConnect: true, maxRetriesPerRequest: 1 });
    try {
      await client.connect();
      const [, port] = (await client.call('SENTINEL', 'get-master-addr-by-name', primaryName)) as [string, string];
      return Number(port);
    } finally {
      client.disconnect();
    }
  };
  return {
    url: `redis-sentinel://127.0.0.1:${sentinelPort}/${primaryName}`,
    primary,
    replica,
    primaryPort: ask,
    destroy: async () => {
      for (const server of [sentinel, replica, primary]) await server.dispose();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
