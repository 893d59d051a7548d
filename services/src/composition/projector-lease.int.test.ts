import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '@nq/platform/config/config';
import { servicesOf } from '@nq/platform/entities/entity-catalog';
import { openPlatform, type Platform } from '@nq/platform/platform';
import { freePort } from '@nq/platform/testing/free-port';
import { createTestDatabase, distributedEnvironment } from '@nq/platform/testing/infra';
import { waitFor } from '@nq/platform/testing/wait-for';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliProcess, cliProcess, probe } from '../testing/cli-process.ts';
import { platformRuns } from './platform-runs.ts';

const running = /projector, read-model workers and mail delivery running/;

describe('one projector projects at a time', { timeout: 300_000 }, () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let environment: Record<string, string>;
  /** This test's own view of the platform: it writes commands and reads the read models, projecting nothing. */
  let platform: Platform;

  beforeAll(async () => {
    database = await createTestDatabase();
    environment = distributedEnvironment(database, {
      DATA_DIR: mkdtempSync(join(tmpdir(), 'nq-projector-lease-')),
      LOG_LEVEL: 'warn',
    });
    platform = await openPlatform(loadConfig(environment), platformRuns);
  });
  afterAll(async () => {
    await platform?.close();
    await database?.drop();
  });

  /** Creates a profile and resolves once the projecting process has written it to its read model. */
  async function projected(name: string) {
    const services = servicesOf(platform.entities);
    const id = randomUUID();
    const metadata = { actor: { userId: 'test', profileId: 'test' }, commandId: randomUUID(), correlationId: id };
    await services.profile.execute({ type: 'create', id, fields: { name } }, { ...metadata, now: new Date() });
    expect(await platform.projector.waitFor(await platform.eventStore.head(), 30_000)).toBe(true);
    expect((await platform.readStore.getMany('profiles', [id])).get(id)).toMatchObject({ name });
  }

  const advisoryLocksHeld = async () =>
    (
      await platform.sql.query<{ held: number }>(
        `select count(*)::int as held from pg_locks
         where locktype = 'advisory' and granted and database = (select oid from pg_database where datname = current_database())`,
      )
    )[0]!.held;

  it('keeps the second on standby while the first projects, and hands over within seconds of a SIGKILL', async () => {
    const [firstPort, secondPort] = [await freePort(), await freePort()];
    const first = cliProcess(['projector'], { ...environment, HEALTH_PORT: String(firstPort) });
    let second: CliProcess | undefined;
    try {
      await first.printed(running);
      second = cliProcess(['projector'], { ...environment, HEALTH_PORT: String(secondPort) });
      await waitFor('the first to be ready', async () => (await probe(firstPort, '/ready'))?.status === 200, 60_000);
      expect((await probe(firstPort, '/ready'))?.json).toMatchObject({
        status: 'ready',
        components: expect.arrayContaining([{ name: 'projector', state: 'ready', lag: expect.any(Number) }]),
      });

      await second.printed(/projector on standby/);
      expect(await probe(secondPort, '/ready')).toMatchObject({
        status: 503,
        json: {
          status: 'standby',
          components: [{ name: 'projector', state: 'standby', reason: 'another process holds the projector lease' }],
        },
      });
      expect((await probe(secondPort, '/health'))?.status).toBe(200);
      expect(await advisoryLocksHeld()).toBe(1);
      await projected('Projected by the first');

      await first.stop('SIGKILL');
      const killedAt = Date.now();
      await waitFor('the second to take over', async () => (await probe(secondPort, '/ready'))?.status === 200, 30_000);
      const takeoverMs = Date.now() - killedAt;
      console.info(`the standby projector took over and caught up ${takeoverMs} ms after the holder's SIGKILL`);
      expect(takeoverMs).toBeLessThan(15_000);
      expect(second.output()).toMatch(/projector lease taken: projector, read-model workers and mail delivery running/);
      await projected('Projected by the second');
    } finally {
      await first.stop('SIGKILL');
      expect(await second?.stop()).toBe(0);
    }
    expect(await advisoryLocksHeld()).toBe(0);
  });
});
