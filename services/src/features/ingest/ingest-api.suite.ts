import { randomUUID } from 'node:crypto';
import type { EnrichedMeasurement } from '@nq/contracts';
import type { LogRecord } from '@nq/platform/log/log-port';
import type { MeasurementStore } from '@nq/platform/measurements/measurement-store-port';
import { sleep, waitFor } from '@nq/platform/testing/wait-for';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestApi, type TestApi } from '../../testing/test-api.ts';
import { startIngestWorker } from './ingest.worker.ts';

const madrid = {
  type: 'Polygon',
  coordinates: [
    [
      [-3.8, 40.35],
      [-3.6, 40.35],
      [-3.6, 40.5],
      [-3.8, 40.5],
      [-3.8, 40.35],
    ],
  ],
};

const barcelona = {
  type: 'Polygon',
  coordinates: [
    [
      [2.05, 41.3],
      [2.25, 41.3],
      [2.25, 41.47],
      [2.05, 41.47],
      [2.05, 41.3],
    ],
  ],
};

/**
 * `measurements.raw` → ingest workers → the measurements read model: valid measurements indexed once and
 * enriched, bad ones in the DLQ with their reason, and a worker killed mid-batch losing and duplicating nothing.
 */
export function describeIngest(profile: string, environment: () => Promise<NodeJS.ProcessEnv>) {
  describe(`ingest — ${profile}`, { timeout: 120_000 }, () => {
    let api: TestApi;
    const probeId = `ing${Date.now().toString(36)}`;
    const ids: Record<string, string> = {};
    const deadLetters: LogRecord[] = [];
    /** What reached `measurements.raw`, as the ingest workers are handed it. */
    const delivered: string[] = [];
    let stopDlq: () => Promise<void>;
    let owner: Awaited<ReturnType<TestApi['as']>>;

    const measurement = (changes: Record<string, unknown> = {}) => ({
      measurementId: randomUUID(),
      probeId,
      program: 'speedtest',
      testType: 'http-download',
      technology: 5,
      imsi: '214079999999999',
      // A Friday, 21:30 UTC: 22:30 in Madrid (winter time), the night fringe.
      measuredAt: '2026-11-20T21:30:00Z',
      receivedAt: new Date().toISOString(),
      location: { lat: 40.42, lon: -3.7 },
      status: 'Finished',
      kpis: { download: 210.5, latency: 18 },
      ...changes,
    });
    const produce = (items: unknown[]) =>
      api.platform.log.produce(
        api.platform.topics.measurementsRaw,
        items.map((item) => ({ key: probeId, value: typeof item === 'string' ? item : JSON.stringify(item) })),
      );

    beforeAll(async () => {
      api = await openTestApi(await environment());
      owner = await api.as('ingest-owner', { timeZone: 'Europe/Madrid', probes: [] });
      const tag = await post(owner, '/tags', { name: `ingest-${probeId}` });
      ids.tag = tag.id;
      ids.campaign = (
        await post(owner, '/api/campaigns-management', {
          name: `Ingest ${probeId}`,
          startDate: '2026-01-01',
          endDate: '2026-12-31',
          polygon: madrid,
        })
      ).id;
      await post(owner, '/probes', { probeId, name: 'Ingest probe', family: 'Agent', type: 'mobile', tags: [tag.id] });
      ids.cluster = (
        await post(owner, '/api/clusters-management', {
          name: `Ingest cluster ${probeId}`,
          probes: [{ probeId, start: '2026-06-01' }],
        })
      ).id;
      const provider = await post(api.app, '/api/providers', {
        name: `Ingest operator ${probeId}`,
        label: 'Ingest operator',
        country: 'Spain',
        numeric: '21407',
        imsis: ['214079999999999'],
      });
      ids.provider = provider.id;
      for (const list of ['/api/providers', '/api/clusters-management']) {
        const caughtUp = await api.readCaughtUp(`${list}?minPosition=${provider.position}`);
        expect(caughtUp.statusCode, caughtUp.body).toBe(200);
      }
      // Enrichment reloads the configuration once the read models have settled after a change.
      await sleep(1_200);
      const dlq = await api.platform.log.consume({
        groupId: `dlq-test-${randomUUID()}`,
        topics: [api.platform.topics.measurementsDlq, api.platform.topics.measurementsRaw],
        handle: async (records) => {
          for (const record of records)
            if (record.topic === api.platform.topics.measurementsDlq) deadLetters.push(record);
            else delivered.push(record.value);
        },
      });
      stopDlq = () => dlq.stop();
    }, 120_000);
    const post = async (client: typeof owner | TestApi['app'], url: string, payload: object) => {
      const response = await client.inject({ method: 'POST', url, payload });
      expect(response.statusCode, response.body).toBe(201);
      return response.json() as { id: string; position: string };
    };
    afterAll(async () => {
      await stopDlq?.();
      await api?.raw.close();
    });

    it('indexes each valid measurement once, enriched, and sends the bad ones to the DLQ with their reason', async () => {
      const imported = {
        source: 'ripe-atlas',
        details: {
          hops: [
            { hop: 1, address: '10.0.0.1', rtts: [1.5] },
            { hop: 2, rtts: [] },
          ],
          sourceRef: 'msm 5001',
        },
      };
      const valid = Array.from({ length: 20 }, (_, index) => measurement(index === 1 ? imported : {}));
      const badTechnology = measurement({ technology: 7 });
      await produce([...valid, '{"not": "a measurement"', badTechnology, ...valid.slice(0, 5)]);
      await waitFor('20 measurements indexed', async () => (await api.platform.measurements.count({ probeId })) === 20);
      await waitFor('2 dead letters', () => deadLetters.length >= 2);
      await sleep(500);
      expect(await api.platform.measurements.count({ probeId })).toBe(20);

      const stored = (await api.platform.measurements.get(valid[0]!.measurementId)) as EnrichedMeasurement;
      expect(stored).toMatchObject({
        measurementId: valid[0]!.measurementId,
        hour: 22,
        weekday: 5,
        fringe: 2,
        probeType: 'mobile',
        campaigns: [ids.campaign],
        clusters: [ids.cluster],
        tags: [ids.tag],
        provider: ids.provider,
        // No ISP name reported: the ISP is the provider owning the IMSI.
        ispId: ids.provider,
        technologyLabel: '5G',
        // Sent without a source: the panel's.
        source: 'panel',
      });
      expect(await api.platform.measurements.get(valid[1]!.measurementId)).toMatchObject(imported);
      const letters = deadLetters.map((record) => JSON.parse(record.value));
      expect(letters.map((letter) => letter.reason)).toEqual(['invalid', 'invalid']);
      const refused = letters.find((letter) => letter.payload === JSON.stringify(badTechnology));
      expect(refused.problems[0].field).toBe('technology');
      expect(letters.map((letter) => letter.payload)).toContain('{"not": "a measurement"');
    });

    it("stores a result sent the moment its probe was created with the probe's type and tags, and exports it with its service", async () => {
      const newProbe = `${probeId}n`;
      const result = measurement({ probeId: newProbe });
      // The read models are behind the event log (the projector busy elsewhere) when the new probe's result arrives.
      await api.platform.projector.stop();
      try {
        await post(owner, '/probes', {
          probeId: newProbe,
          name: 'New probe',
          family: 'Agent',
          type: 'mobile',
          tags: [ids.tag],
        });
        await produce([result]);
        await waitFor('the result delivered', () => delivered.some((value) => value.includes(result.measurementId)));
      } finally {
        await api.platform.projector.start();
      }
      await waitFor('the result indexed', async () =>
        Boolean(await api.platform.measurements.get(result.measurementId)),
      );

      expect(await api.platform.measurements.get(result.measurementId)).toMatchObject({
        probeType: 'mobile',
        tags: [ids.tag],
      });
      const exported = await api.app.inject({ method: 'POST', url: '/medux/mobile/Production/json', payload: {} });
      expect(exported.statusCode, exported.body).toBe(200);
      expect(exported.json().map((item: { measurementId: string }) => item.measurementId)).toContain(
        result.measurementId,
      );
    });

    it('dead-letters a result of a probe that does not exist, naming the probe', async () => {
      const unknown = measurement({ probeId: `${probeId}nowhere` });
      await produce([unknown]);
      await waitFor('the dead letter', () =>
        deadLetters.some((record) => JSON.parse(record.value).payload === JSON.stringify(unknown)),
      );
      const letter = JSON.parse(
        deadLetters.find((record) => JSON.parse(record.value).payload === JSON.stringify(unknown))!.value,
      );
      expect(letter.reason).toBe('unknownProbe');
      expect(letter.problems).toEqual([
        {
          field: 'probeId',
          code: 'measurements.unknownProbe',
          params: { probeId: unknown.probeId },
          message: 'measurements.unknownProbe',
        },
      ]);
      expect(await api.platform.measurements.get(unknown.measurementId)).toBeUndefined();
    });

    it('places a measurement in a campaign by the polygon the campaign had when it was measured', async () => {
      const moving = await post(owner, '/api/campaigns-management', {
        name: `Moving ${probeId}`,
        startDate: '2026-01-01',
        endDate: '2026-12-31',
        polygon: madrid,
      });
      await sleep(50);
      const whileInMadrid = new Date().toISOString();
      await sleep(50);
      const moved = await owner.inject({
        method: 'PUT',
        url: `/api/campaigns-management/${moving.id}`,
        payload: { polygon: barcelona },
      });
      expect(moved.statusCode, moved.body).toBe(200);
      // Every read model, the polygon histories included, shows the move; the workers' facts are then reloaded.
      expect(await api.platform.projector.waitFor(moved.json().position, 30_000)).toBe(true);
      await sleep(1_200);
      const afterTheMove = new Date().toISOString();
      const inBarcelona = { lat: 41.39, lon: 2.16 };
      const cases = {
        beforeTheCampaign: measurement(),
        whileInMadrid: measurement({ measuredAt: whileInMadrid }),
        inMadridAfterTheMove: measurement({ measuredAt: afterTheMove }),
        inBarcelonaAfterTheMove: measurement({ measuredAt: afterTheMove, location: inBarcelona }),
        inBarcelonaBeforeTheMove: measurement({ measuredAt: whileInMadrid, location: inBarcelona }),
      };
      await produce(Object.values(cases));
      await waitFor('the five measurements indexed', async () => {
        const found = await Promise.all(
          Object.values(cases).map((item) => api.platform.measurements.get(item.measurementId)),
        );
        return found.every(Boolean);
      });
      const campaignsOf = async (item: { measurementId: string }) =>
        ((await api.platform.measurements.get(item.measurementId)) as EnrichedMeasurement).campaigns;
      // The first polygon also covers what was measured before the campaign was drawn.
      expect(await campaignsOf(cases.beforeTheCampaign)).toContain(moving.id);
      expect(await campaignsOf(cases.whileInMadrid)).toContain(moving.id);
      expect(await campaignsOf(cases.inMadridAfterTheMove)).toEqual([ids.campaign]);
      expect(await campaignsOf(cases.inBarcelonaAfterTheMove)).toEqual([moving.id]);
      expect(await campaignsOf(cases.inBarcelonaBeforeTheMove)).toEqual([]);
    });

    it('loses and duplicates nothing when a worker is killed in the middle of a batch', async () => {
      const killedProbe = `${probeId}k`;
      await post(owner, '/probes', {
        probeId: killedProbe,
        name: 'Killed worker probe',
        family: 'Agent',
        type: 'mobile',
      });
      let writesStarted = 0;
      const slowStore: MeasurementStore = {
        ...api.platform.measurements,
        write: async (batch) => {
          writesStarted++;
          await sleep(300);
          return api.platform.measurements.write(batch);
        },
      };
      const victim = await startIngestWorker({
        log: api.platform.log,
        topics: api.platform.topics,
        store: slowStore,
        readStore: api.platform.readStore,
        eventStore: api.platform.eventStore,
        maxBatchSize: 100,
      });
      const total = 2_000;
      const batch = Array.from({ length: total }, () => ({ ...measurement(), probeId: killedProbe }));
      await api.platform.log.produce(
        api.platform.topics.measurementsRaw,
        batch.map((item) => ({ key: item.measurementId, value: JSON.stringify(item) })),
      );
      await waitFor('the victim in the middle of a batch', () => writesStarted > 0, 60_000);
      await victim.abort();
      let seen = 0;
      const progress = setInterval(async () => {
        seen = await api.platform.measurements.count({ probeId: killedProbe });
        if (process.env.DEBUG_INGEST) console.info(`indexed ${seen} of ${total}, victim writes ${writesStarted}`);
      }, 5_000);
      await waitFor(
        `all ${total} measurements indexed`,
        async () => (await api.platform.measurements.count({ probeId: killedProbe })) >= total,
        90_000,
      ).finally(() => clearInterval(progress));
      await sleep(1_000);
      expect(await api.platform.measurements.count({ probeId: killedProbe })).toBe(total);
    });

    /** A batch of measurements of one probe, produced straight onto `measurements.raw` (as a client of Kafka may). */
    const batchAround = async (poison: ReturnType<typeof measurement>) => {
      const batchProbe = `${probeId}p${randomUUID().slice(0, 6)}`;
      await post(owner, '/probes', { probeId: batchProbe, name: 'Batch probe', family: 'Agent', type: 'mobile' });
      const around = Array.from({ length: 10 }, () => measurement({ probeId: batchProbe }));
      const poisoned = { ...poison, probeId: batchProbe };
      await api.platform.log.produce(
        api.platform.topics.measurementsRaw,
        [...around.slice(0, 5), poisoned, ...around.slice(5)].map((item) => ({
          key: batchProbe,
          value: JSON.stringify(item),
        })),
      );
      const next = measurement({ probeId: batchProbe });
      await produce([next]);
      await waitFor(
        'the rest of the batch and the next one indexed',
        async () => (await api.platform.measurements.count({ probeId: batchProbe })) === 11,
        60_000,
      );
      await waitFor('the dead letter', () =>
        deadLetters.some((record) => JSON.parse(record.value).payload === JSON.stringify(poisoned)),
      );
      expect(await api.platform.measurements.get(poisoned.measurementId)).toBeUndefined();
      return JSON.parse(deadLetters.find((r) => JSON.parse(r.value).payload === JSON.stringify(poisoned))!.value);
    };

    it('dead-letters a result the store refuses for good, with its reason, and indexes the rest of its batch', async () => {
      // The time the gateway stamps is not validated again: a client writing to the topic may send one no store reads.
      const letter = await batchAround(measurement({ receivedAt: 'not a time' }));
      expect(letter.reason).toBe('refused');
      expect(letter.problems[0].message).toMatch(/\S/);
    });

    it('dead-letters a result holding a NUL character as invalid, naming the field, and indexes the rest', async () => {
      const letter = await batchAround(measurement({ isp: 'Movi\u0000star' }));
      expect(letter.reason).toBe('invalid');
      expect(letter.problems[0]).toMatchObject({ field: 'isp', message: 'validation.invalidCharacters' });
    });
  });
}
