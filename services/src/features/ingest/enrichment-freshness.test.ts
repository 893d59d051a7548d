import type { LogPosition, Measurement } from '@nq/contracts';
import type { ReadStore } from '@nq/platform/read-store/read-store-port';
import { openSqlReadStore } from '@nq/platform/read-store/sql-read-store';
import { openPgliteClient } from '@nq/platform/sql/pglite-client';
import { beforeAll, describe, expect, it } from 'vitest';
import { readModels } from '../../composition/platform-runs.ts';
import { configurationLog } from './configuration-log.fixture.ts';
import { enrichment } from './enrichment.ts';

const square = (lon: number, lat: number): [number, number][] => [
  [lon, lat],
  [lon + 1, lat],
  [lon + 1, lat + 1],
  [lon, lat + 1],
  [lon, lat],
];
const madrid = square(-4, 40);
const barcelona = square(1.5, 41);

const measurementAt = (lon: number, lat: number) =>
  ({
    measurementId: '5d4f3f5e-8d1e-4b4e-9c1a-0a7d6b2f1c01',
    probeId: 'probe-1',
    measuredAt: '2026-06-01T10:00:00Z',
    location: { lon, lat },
  }) as unknown as Measurement;

describe('enrichment facts after a configuration change', () => {
  let readStore: ReadStore;
  const log = configurationLog('10:1');
  let sequence = 0n;

  /** Every configuration read model at `position`; the campaign's documents written with its polygon when given. */
  async function project(position: LogPosition, rings?: [number, number][]) {
    sequence++;
    for (const projection of readModels) {
      const writes =
        rings && projection.collection === 'campaigns'
          ? [
              {
                id: 'campaign-1',
                version: sequence,
                doc: {
                  id: 'campaign-1',
                  name: 'Moving',
                  startDate: '2026-01-01T00:00:00Z',
                  endDate: '2026-12-31T23:59:59Z',
                  createdAt: '2026-01-01T00:00:00Z',
                  polygon: { type: 'Polygon', coordinates: [rings] },
                },
              },
            ]
          : rings && projection.collection === 'campaign-polygons'
            ? [
                {
                  id: 'campaign-1',
                  version: sequence,
                  doc: { id: 'campaign-1', polygonVersions: [{ from: '2026-01-01T00:00:00Z', rings: [rings] }] },
                },
              ]
            : [];
      await readStore.write(projection.name, projection.collection, writes, position);
    }
  }

  beforeAll(async () => {
    readStore = await openSqlReadStore(await openPgliteClient());
    await project(log.head, madrid);
  });

  it('reloads them until they come from read models that have caught up with the change, however late', async () => {
    const facts = enrichment(readStore, log.eventStore, { refreshMs: 0 });
    await facts.refresh();
    expect(facts.enrich(measurementAt(-3.5, 40.5)).campaigns).toEqual(['campaign-1']);

    // The campaign moves to Barcelona: the event is in the log, the read models are still behind it.
    log.changeAt('11:1', 'campaign-campaign-1');
    facts.invalidate();
    await facts.refresh();
    expect(facts.enrich(measurementAt(2, 41.5)).campaigns).toEqual([]);
    await facts.refresh();
    expect(facts.enrich(measurementAt(2, 41.5)).campaigns).toEqual([]);

    // The projections catch up well after the change: the next batch sees the move, with no further notification.
    await project(log.head, barcelona);
    await facts.refresh();
    expect(facts.enrich(measurementAt(2, 41.5)).campaigns).toEqual(['campaign-1']);
    expect(facts.enrich(measurementAt(-3.5, 40.5)).campaigns).toEqual([]);
  });

  it('keeps facts that show every change without reading the read models again', async () => {
    let heads = 0;
    const countedHead = async () => {
      heads++;
      return log.head;
    };
    const facts = enrichment(readStore, { ...log.eventStore, head: countedHead }, { refreshMs: 0 });
    await facts.refresh();
    await facts.refresh();
    expect(heads).toBe(0);
    facts.invalidate();
    await facts.refresh();
    await facts.refresh();
    expect(heads).toBe(1);
  });
});
