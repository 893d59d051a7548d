import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { freePort } from '../testing/free-port.ts';
import { infra } from '../testing/infra.ts';
import { waitFor } from '../testing/wait-for.ts';
import { openBullmqJobQueue } from './bullmq-job-queue.ts';
import { jobRegistration } from './job-queue-port.ts';
import { describeJobQueue } from './jobs.contract.ts';
import { echoJob, testLeaseMs } from './jobs-test-backends.fixture.ts';

const newPrefix = () => `nq-test-${randomUUID().slice(0, 8)}`;

describeJobQueue('BullMQ on Redis', async () => {
  // A prefix of its own per run, so that runs sharing the server do not see each other's jobs.
  const prefix = newPrefix();
  return {
    backend: { adapter: 'bullmq', redisUrl: infra.redisUrl, prefix },
    exclusive: false,
    drop: async () => {
      const redis = new Redis(infra.redisUrl);
      const keys = await redis.keys(`${prefix}:*`);
      if (keys.length > 0) await redis.del(...keys);
      redis.disconnect();
    },
  };
});

/** A Redis server of the test's own, writing every command to its append-only file before answering. */
async function privateRedis() {
  const port = await freePort();
  const dir = await mkdtemp(join(tmpdir(), 'nq-jobs-redis-'));
  const url = `redis://127.0.0.1:${port}`;
  let server: ChildProcess | undefined;
  const up = async () => {
    server = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'yes', '--appendfsync', 'always'],
      { cwd: dir, stdio: 'ignore' },
    );
    const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    probe.on('error', () => undefined);
    await waitFor('the private redis to answer', () =>
      probe.connect().then(
        () => true,
        () => false,
      ),
    );
    probe.disconnect();
  };
  const kill = async () => {
    const exited = new Promise((resolve) => server?.once('exit', resolve));
    server?.kill('SIGKILL');
    await exited;
  };
  await up();
  return { url, up, kill, remove: () => rm(dir, { recursive: true, force: true }) };
}

describe('BullMQ jobs across a Redis restart', () => {
  it('runs every job accepted before Redis was killed and restarted, and keeps working afterwards', async () => {
    const redis = await privateRedis();
    const queue = await openBullmqJobQueue({
      redisUrl: redis.url,
      prefix: newPrefix(),
      kinds: [echoJob],
      leaseMs: testLeaseMs,
    });
    const ran: string[] = [];
    try {
      const before = Array.from({ length: 20 }, (_, n) => `before-${n}-${randomUUID()}`);
      for (const id of before) await queue.enqueue(echoJob, { value: id }, { jobId: id });
      await redis.kill();
      await redis.up();
      const workers = await queue.startWorkers([
        jobRegistration(echoJob, async ({ value }, job) => {
          ran.push(job.id);
          return { echoed: value };
        }),
      ]);
      try {
        await waitFor('every job accepted before the restart', async () => {
          const jobs = await Promise.all(before.map((id) => queue.get(id)));
          return jobs.every((job) => job?.state === 'completed');
        });
        await redis.kill();
        await redis.up();
        const after = `after-${randomUUID()}`;
        await waitFor('the queue to take jobs again', () =>
          queue.enqueue(echoJob, { value: after }, { jobId: after }).then(
            () => true,
            () => false,
          ),
        );
        await waitFor(
          'a job enqueued after a second restart',
          async () => (await queue.get(after))?.state === 'completed',
        );
      } finally {
        await workers.stop();
      }
      expect(ran.filter((id) => id.startsWith('before-')).sort()).toEqual([...before].sort());
    } finally {
      await queue.close();
      await redis.kill();
      await redis.remove();
    }
  });
});
