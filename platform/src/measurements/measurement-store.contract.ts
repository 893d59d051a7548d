import { randomUUID } from 'node:crypto';
import type { EnrichedMeasurement } from '@nq/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IspIdentityFacts, MeasurementStore } from './measurement-store-port.ts';

export const sampleMeasurement = (changes: Partial<EnrichedMeasurement> = {}): EnrichedMeasurement => ({
  schemaVersion: 1,
  measurementId: randomUUID(),
  probeId: 'probe1',
  program: 'speedtest',
  testType: 'http-download',
  technology: 4,
  technologyLabel: '4G',
  isp: 'Movistar',
  measuredAt: '2026-11-20T10:15:00.000Z',
  receivedAt: '2026-11-20T10:15:02.000Z',
  location: { lat: 40.41, lon: -3.7 },
  taskMode: 'active',
  status: 'Finished',
  kpis: { download: 87.5, latency: 21 },
  hour: 11,
  weekday: 5,
  fringe: 0,
  campaigns: ['c1'],
  clusters: [],
  universes: [],
  tags: [],
  ...changes,
});

/** What every MeasurementStore adapter must do. */
export function describeMeasurementStore(adapter: string, open: () => Promise<MeasurementStore>) {
  describe(`MeasurementStore contract — ${adapter}`, { timeout: 60_000 }, () => {
    let store: MeasurementStore;
    const probeId = `probe${randomUUID().slice(0, 8)}`;
    beforeAll(async () => {
      store = await open();
    });
    afterAll(() => store.close());

    it('stores a batch across months and reads each measurement back', async () => {
      const november = sampleMeasurement({ probeId });
      const december = sampleMeasurement({ probeId, measuredAt: '2026-12-01T00:00:00.000Z', kpis: { upload: 9.5 } });
      expect(await store.write([november, december])).toEqual({ failed: [] });
      expect(await store.get(november.measurementId)).toEqual(november);
      expect(await store.get(december.measurementId)).toEqual(december);
      expect(await store.count({ probeId })).toBe(2);
    });

    it('is idempotent: writing a measurement again replaces it, in one batch or another', async () => {
      const first = sampleMeasurement({ probeId: `${probeId}x` });
      const again = { ...first, status: 'Valid' as const };
      await store.write([first, first]);
      await store.write([again]);
      expect(await store.count({ probeId: `${probeId}x` })).toBe(1);
      expect((await store.get(first.measurementId))?.status).toBe('Valid');
    });

    it('keeping the first copy, tells a copy sent again (a duplicate, left as it was) from a batch delivered again', async () => {
      const owner = `${probeId}k`;
      const first = sampleMeasurement({ probeId: owner, ingestSource: { partition: 3, offset: 40 } });
      const resent = { ...first, status: 'Valid' as const, ingestSource: { partition: 3, offset: 97 } };
      const other = sampleMeasurement({ probeId: owner, ingestSource: { partition: 3, offset: 41 } });
      // The copy sent again in the same batch is as much a duplicate as one in a later batch.
      expect(await store.write([first, other, resent], undefined, { keepFirst: true })).toEqual({
        failed: [],
        duplicates: [resent],
        replays: [],
      });
      // Delivered again, enriched since with another configuration: the store answers the copies it kept.
      const enrichedAgain = { ...first, clusters: ['cluster-created-since'] };
      expect(await store.write([enrichedAgain, other], undefined, { keepFirst: true })).toEqual({
        failed: [],
        duplicates: [],
        replays: [first, other],
      });
      expect(await store.write([resent], undefined, { keepFirst: true })).toEqual({
        failed: [],
        duplicates: [resent],
        replays: [],
      });
      expect(await store.count({ probeId: owner })).toBe(2);
      expect(await store.get(first.measurementId)).toEqual(first);
    });

    it('stores text that is not ASCII as it was written, from the JSON ingest gives with the batch', async () => {
      const measurements = [
        sampleMeasurement({ probeId: `${probeId}u`, isp: 'Telefónica España', tags: ['€ 5G', 'зона-1', '🛰️'] }),
        sampleMeasurement({
          probeId: `${probeId}u`,
          status: 'Error',
          failure: { reason: 'dnsFailure', detail: 'no se resolvió «señal.example»' },
          kpis: {},
        }),
      ];
      const json = measurements.map((measurement) => JSON.stringify(measurement));
      expect(await store.write(measurements, json, { keepFirst: true })).toEqual({
        failed: [],
        duplicates: [],
        replays: [],
      });
      for (const measurement of measurements) expect(await store.get(measurement.measurementId)).toEqual(measurement);
    });

    it('keeps why a test failed, as its probe told', async () => {
      const failed = sampleMeasurement({
        probeId: `${probeId}f`,
        status: 'Error',
        failure: { reason: 'connectionRefused', detail: 'ECONNREFUSED 10.0.0.8:443' },
        kpis: {},
      });
      expect(await store.write([failed])).toEqual({ failed: [] });
      expect(await store.get(failed.measurementId)).toEqual(failed);
    });

    it('pages through every measurement in id order, each once (what a backup reads)', async () => {
      const pageProbe = `${probeId}page`;
      const written = ['2026-09-30T23:59:59.000Z', '2026-10-01T00:00:00.000Z', '2026-11-20T10:15:00.000Z'].flatMap(
        (measuredAt) => [
          sampleMeasurement({ probeId: pageProbe, measuredAt }),
          sampleMeasurement({ probeId: pageProbe, measuredAt }),
        ],
      );
      await store.write(written);
      const seen: EnrichedMeasurement[] = [];
      for (let after = '', page = await store.page(after, 2); page.length > 0; page = await store.page(after, 2)) {
        expect(page.length).toBeLessThanOrEqual(2);
        seen.push(...page);
        after = page.at(-1)!.measurementId;
      }
      const ids = seen.map((measurement) => measurement.measurementId);
      expect(ids).toEqual([...ids].sort());
      expect(new Set(ids).size).toBe(ids.length);
      const ours = seen.filter((measurement) => measurement.probeId === pageProbe);
      expect(ours.sort((a, b) => a.measurementId.localeCompare(b.measurementId))).toEqual(
        [...written].sort((a, b) => a.measurementId.localeCompare(b.measurementId)),
      );
    });

    it('answers nothing for a measurement it does not have', async () => {
      expect(await store.get(randomUUID())).toBeUndefined();
    });

    it('refuses for good, on its own, a measurement it cannot store, and stores the rest of the batch', async () => {
      const around = [1, 2, 3].map(() => sampleMeasurement({ probeId: `${probeId}r` }));
      // A UTC offset beyond any store's range (PostgreSQL ±15:59, Elasticsearch ±18:00) that ISO 8601 allows.
      const unstorable = sampleMeasurement({ probeId: `${probeId}r`, measuredAt: '2026-11-20T21:30:00+19:00' });
      const { failed } = await store.write([around[0]!, unstorable, around[1]!, around[2]!]);
      expect(failed).toEqual([
        { measurementId: unstorable.measurementId, retryable: false, reason: expect.stringMatching(/\S/) },
      ]);
      for (const measurement of around) expect(await store.get(measurement.measurementId)).toEqual(measurement);
      expect(await store.get(unstorable.measurementId)).toBeUndefined();
    });

    it('gives the measurements stored without an ISP id the one found for them, once, and leaves the others', async () => {
      const stored = (isp: string | undefined, changes: Partial<EnrichedMeasurement> = {}) => {
        const { isp: _reported, ...measurement } = sampleMeasurement({ probeId: `${probeId}i`, ...changes });
        return isp ? { ...measurement, isp } : measurement;
      };
      const byName = stored('CONTRACT OPERATOR');
      const byImsi = stored(undefined, { imsi: '214990000000001' });
      const unknown = stored('Contract stranger');
      const known = stored('Contract operator', { ispId: 'kept' });
      await store.write([byName, byImsi, unknown, known]);
      const ispIdOf = (facts: IspIdentityFacts) =>
        facts.isp?.toLowerCase() === 'contract operator'
          ? 'operator'
          : facts.imsi?.startsWith('21499')
            ? 'imsi-owner'
            : undefined;
      expect(await store.assignIspIds(ispIdOf)).toBe(2);
      expect(await store.get(byName.measurementId)).toEqual({ ...byName, ispId: 'operator' });
      expect(await store.get(byImsi.measurementId)).toEqual({ ...byImsi, ispId: 'imsi-owner' });
      expect(await store.get(unknown.measurementId)).toEqual(unknown);
      expect((await store.get(known.measurementId))?.ispId).toBe('kept');
      expect(await store.assignIspIds(ispIdOf)).toBe(0);
    });

    it('deletes whole months before a month, by UTC measurement time, and keeps that month and later ones', async () => {
      const at = (measuredAt: string) => sampleMeasurement({ probeId: `${probeId}d`, measuredAt });
      const [lastOfDecember, firstOfJanuary, january, february] = [
        at('2019-12-31T23:59:59.999Z'),
        at('2020-01-01T00:00:00.000Z'),
        at('2020-01-20T10:00:00.000Z'),
        at('2020-02-01T00:00:00.000Z'),
      ];
      await store.write([lastOfDecember!, firstOfJanuary!, january!, february!]);
      expect(await store.deleteMonthsBefore('2020-02')).toEqual({ months: ['2019-12', '2020-01'], measurements: 3 });
      expect(await store.count({ probeId: `${probeId}d` })).toBe(1);
      expect(await store.get(february!.measurementId)).toEqual(february);
      // The contract's other measurements, of 2026, are left alone; nothing is left to delete.
      expect(await store.count({ probeId })).toBe(2);
      expect(await store.deleteMonthsBefore('2020-02')).toEqual({ months: [], measurements: 0 });
    });

    it('applies a retention: the current month and the ones before it kept, the older ones deleted', async () => {
      const at = (measuredAt: string) => sampleMeasurement({ probeId: `${probeId}kept`, measuredAt });
      const [may, june, july] = [
        at('2018-05-31T23:59:59.999Z'),
        at('2018-06-01T00:00:00.000Z'),
        at('2018-07-02T08:00:00Z'),
      ];
      await store.write([may!, june!, july!]);
      // A distribution without index lifecycle management (the test servers'): the store deletes them itself.
      expect(await store.applyRetention(1, new Date('2018-07-15T12:00:00Z'))).toEqual({
        months: ['2018-05'],
        measurements: 1,
      });
      expect(await store.get(may!.measurementId)).toBeUndefined();
      expect(await store.count({ probeId: `${probeId}kept` })).toBe(2);
    });
  });
}
