import { afterAll, describe, expect, it } from 'vitest';
import { openPgClient } from '../../sql/pg-client.ts';
import { createTestDatabase, infra } from '../../testing/infra.ts';
import { startTcpProxy } from '../../testing/tcp-proxy.ts';
import { describeLogPortContract } from '../log-port.contract.ts';
import { LogUnavailableError } from '../log-port.ts';
import { openEmbeddedLog } from './embedded-log.ts';

// The table-backed log shares its SQL with PGlite; here it runs on the real PostgreSQL server.
const database = await createTestDatabase();
const sql = await openPgClient(database.url);
afterAll(async () => {
  await sql.close();
  await database.drop();
});

describeLogPortContract('embedded (PostgreSQL)', () => openEmbeddedLog(sql));

describe('embedded log whose database cannot be reached', () => {
  it('refuses to take messages as unavailable (answered 503 with Retry-After), and takes them once it is back', async () => {
    const server = new URL(infra.postgresServer);
    const proxy = await startTcpProxy({ host: server.hostname, port: Number(server.port || 5432) });
    server.port = String(proxy.port);
    const throughProxy = await openPgClient(`${server.toString().replace(/\/$/, '')}/${database.name}`);
    try {
      const log = await openEmbeddedLog(throughProxy);
      await log.ensureTopics([{ name: 'unreachable', partitions: 1 }]);
      await proxy.cut();
      const refusal = await log.produce('unreachable', [{ key: 'probe-1', value: '{}' }]).catch((error) => error);
      expect(refusal).toBeInstanceOf(LogUnavailableError);
      expect(refusal).toMatchObject({
        code: 'dependency.unavailable',
        status: 503,
        params: { dependency: 'log' },
        details: { retryAfterSeconds: expect.any(Number) },
      });
      await proxy.restore();
      await log.produce('unreachable', [{ key: 'probe-1', value: '{}' }]);
    } finally {
      await throughProxy.close();
      await proxy.close();
    }
  });
});
