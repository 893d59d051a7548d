import { createTestDatabase, distributedEnvironment, infra } from '@nq/platform/testing/infra';
import { startTcpProxy, type TcpProxy } from '@nq/platform/testing/tcp-proxy';
import { sleep, waitFor } from '@nq/platform/testing/wait-for';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleResult } from '../testing/sample-result.ts';
import { type SignedClient, signedClient } from '../testing/signed-client.ts';
import { openTestApi, type TestApi } from '../testing/test-api.ts';

/**
 * A test API on a database of its own whose Elasticsearch or PostgreSQL is reached through a proxy the test can cut or
 * stall; `environment` adds to the distributed profile's variables. Opened before the describe's tests, closed after.
 */
function apiBehindProxy(
  server: 'elasticsearch' | 'postgresql',
  environment: Record<string, string> = {},
  /** A probe to enrol, signing as it (`probe`, `probeId`). */
  probeName?: string,
) {
  const opened = {
    probeId: `probe${Date.now().toString(36)}${server.slice(0, 2)}`,
  } as {
    database: Awaited<ReturnType<typeof createTestDatabase>>;
    proxy: TcpProxy;
    api: TestApi;
    probe: SignedClient;
    probeId: string;
  };
  beforeAll(async () => {
    opened.database = await createTestDatabase();
    const target = new URL(server === 'elasticsearch' ? infra.elasticsearchUrl : opened.database.url);
    opened.proxy = await startTcpProxy({ port: Number(target.port) });
    target.port = String(opened.proxy.port);
    const address = {
      [server === 'elasticsearch' ? 'ELASTICSEARCH_URL' : 'DATABASE_URL']: target.href.replace(/\/$/, ''),
    };
    opened.api = await openTestApi(distributedEnvironment(opened.database, { ...address, ...environment }));
    if (probeName) opened.probe = signedClient(opened.api.raw, await opened.api.enrolProbe(opened.probeId, probeName));
  });
  afterAll(async () => {
    await opened.proxy?.restore().catch(() => undefined);
    await opened.api?.raw.close();
    await opened.proxy?.close();
    await opened.database?.drop();
  });
  return opened;
}

/** The bytes clients have sent through `proxy`, once three readings 200 ms apart agree. */
async function settledBytes(proxy: TcpProxy) {
  let readings = [proxy.bytesFromClients()];
  while (readings.length < 3) {
    await sleep(200);
    const now = proxy.bytesFromClients();
    readings = now === readings.at(-1) ? [...readings, now] : [now];
  }
  return readings[0]!;
}

/**
 * Elasticsearch out of reach (restarting, its shards recovering): a request that needs it is told a dependency is
 * unavailable and when to try again, in the caller's language — not an internal error — and served again once it is
 * back; the process stays in service, and probes are accepted all along.
 */
describe('a dependency out of reach', { timeout: 240_000 }, () => {
  const behind = apiBehindProxy('elasticsearch', {}, 'Probe beside an outage');

  it('answers 503 dependency.unavailable with Retry-After while Elasticsearch cannot be reached', async () => {
    expect((await behind.api.app.inject('/tags')).statusCode).toBe(200);
    await behind.proxy.cut();
    try {
      for (const [language, message] of [
        ['en', 'A service the platform depends on (read-store) is not available right now. Try again later.'],
        [
          'es',
          'Un servicio del que depende la plataforma (read-store) no está disponible en este momento. Inténtalo más tarde.',
        ],
      ] as const) {
        const answer = await behind.api.app.inject({ url: '/tags', headers: { 'accept-language': language } });
        expect(answer.statusCode, answer.body).toBe(503);
        expect(answer.json()).toMatchObject({ code: 'dependency.unavailable', message });
        expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
      }
    } finally {
      await behind.proxy.restore();
    }
    expect((await behind.api.app.inject('/tags')).statusCode).toBe(200);
  });

  it('stays ready and accepts probes while Elasticsearch cannot be reached; the analysts’ role says it is not', async () => {
    const result = () => sampleResult(behind.probeId);
    const accepted: string[] = [];
    await behind.proxy.cut();
    try {
      const ready = await behind.api.raw.inject('/ready');
      expect(ready.statusCode, ready.body).toBe(200);
      expect(ready.json().roles).toEqual({ gateway: 'ready', console: 'unavailable' });
      expect(ready.json().dependencies.find((d: { name: string }) => d.name === 'read-store').status).toBe('down');
      expect((await behind.api.raw.inject('/ready/gateway')).statusCode).toBe(200);
      const analysts = await behind.api.raw.inject({ url: '/ready/console', headers: { 'accept-language': 'en' } });
      expect(analysts.statusCode).toBe(503);
      expect(analysts.json().message).toContain('read-store');
      expect(Number(analysts.headers['retry-after'])).toBeGreaterThan(0);

      for (let batch = 0; batch < 3; batch++) {
        const items = [result(), result()];
        const sent = await behind.probe.inject({ method: 'POST', url: '/gateway/v1/results', payload: { items } });
        expect(sent.statusCode, sent.body).toBe(202);
        accepted.push(...items.map((item) => item.measurementId));
      }
      const configuration = await behind.probe.inject({ method: 'GET', url: '/gateway/v1/configuration' });
      expect(configuration.statusCode, configuration.body).toBe(200);
    } finally {
      await behind.proxy.restore();
    }
    // What was accepted during the outage is indexed once Elasticsearch is back.
    await waitFor(
      `the ${accepted.length} results accepted during the outage indexed`,
      async () => (await behind.api.platform.measurements.count({ probeId: behind.probeId })) === accepted.length,
      120_000,
    );
    expect((await behind.api.raw.inject('/ready/console')).statusCode).toBe(200);
  });
});

/**
 * Elasticsearch too slow to answer (a hung node, a saturated cluster): the first requests each wait out their timeout,
 * then the platform stops sending it requests for a few seconds and answers at once that it is unavailable, rather
 * than letting every analyst's request wait; probes are accepted all along, and it serves again once it answers.
 */
describe('a dependency too slow to answer', { timeout: 120_000 }, () => {
  const behind = apiBehindProxy(
    'elasticsearch',
    {
      ELASTICSEARCH_REQUEST_TIMEOUT_MS: '1000',
      // Open long enough that the refused requests below come well before the next try, however busy the machine.
      DEPENDENCY_CIRCUIT_OPEN_SECONDS: '20',
    },
    'Probe beside a slow cluster',
  );

  it('refuses at once, without asking it, once requests in a row went unanswered, and serves again after', async () => {
    expect((await behind.api.app.inject('/tags')).statusCode).toBe(200);
    behind.proxy.stall();
    try {
      // Each waits out its timeout (1 s here), answered 503: the cluster said nothing.
      const unanswered = await Promise.all([1, 2, 3].map(() => behind.api.app.inject('/tags')));
      for (const answer of unanswered) expect(answer.statusCode, answer.body).toBe(503);
      // Then the circuit is open: refused without a request to the cluster, in the caller's language, with Retry-After.
      // What the process's other clients (workers, read models) had already sent into the hung cluster before it
      // opened is on its way: counted once it has all arrived (on a busy machine it arrives late).
      const sentBefore = await settledBytes(behind.proxy);
      const refused = await Promise.all(
        ['en', 'es', 'en', 'es'].map((language) =>
          behind.api.app.inject({ url: '/tags', headers: { 'accept-language': language } }),
        ),
      );
      for (const answer of refused) {
        expect(answer.statusCode, answer.body).toBe(503);
        expect(answer.json()).toMatchObject({ code: 'dependency.unavailable', details: { circuit: 'open' } });
        expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
      }
      expect(refused[1]!.json().message).toContain('no está disponible');
      expect(behind.proxy.bytesFromClients()).toBe(sentBefore);
      // Probes need only Kafka.
      const sent = await behind.probe.inject({
        method: 'POST',
        url: '/gateway/v1/results',
        payload: { items: [sampleResult(behind.probeId)] },
      });
      expect(sent.statusCode, sent.body).toBe(202);
    } finally {
      await behind.proxy.restore();
    }
    // One request tries the cluster again once the circuit has been open a while; its answer closes it.
    await waitFor(
      'the tags served again',
      async () => (await behind.api.app.inject('/tags')).statusCode === 200,
      60_000,
    );
  });
});

/** The same for a database that hangs: a request waits for a connection at most its bound, then is refused at once. */
describe('a database too slow to answer', { timeout: 120_000 }, () => {
  const behind = apiBehindProxy('postgresql', {
    DATABASE_CONNECT_TIMEOUT_MS: '1000',
    DEPENDENCY_CIRCUIT_OPEN_SECONDS: '20',
  });

  it('refuses at once, without asking it, once requests in a row waited in vain for a connection, then serves again', async () => {
    const create = (name: string, language = 'en') =>
      behind.api.app.inject({
        method: 'POST',
        url: '/tags',
        payload: { name },
        headers: { 'accept-language': language },
      });
    expect((await create('Before the stall')).statusCode).toBe(201);
    behind.proxy.stall();
    try {
      // One after another: requests at once share their reads (a credential read for many requests is one), and the
      // circuit counts the reads that waited in vain.
      for (const n of [1, 2, 3]) {
        const answer = await create(`Waited ${n}`);
        expect(answer.statusCode, answer.body).toBe(503);
      }
      const sentBefore = behind.proxy.bytesFromClients();
      const refused = await Promise.all(['en', 'es'].map((language) => create(`Refused ${language}`, language)));
      for (const answer of refused) {
        expect(answer.statusCode, answer.body).toBe(503);
        expect(answer.json()).toMatchObject({ code: 'dependency.unavailable', details: { circuit: 'open' } });
        expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
      }
      expect(behind.proxy.bytesFromClients()).toBe(sentBefore);
    } finally {
      await behind.proxy.restore();
    }
    await waitFor('a tag created again', async () => (await create(`After ${Date.now()}`)).statusCode === 201, 60_000);
  });
});
