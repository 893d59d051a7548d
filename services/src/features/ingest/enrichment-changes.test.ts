import type { LogPosition, Measurement } from '@nq/contracts';
import type { ReadDocument, ReadStore } from '@nq/platform/read-store/read-store-port';
import { openSqlReadStore } from '@nq/platform/read-store/sql-read-store';
import { openPgliteClient } from '@nq/platform/sql/pglite-client';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readModels } from '../../composition/platform-runs.ts';
import { configurationLog } from './configuration-log.fixture.ts';
import { enrichment } from './enrichment.ts';

const measurementOf = (probeId: string) =>
  ({
    measurementId: '5d4f3f5e-8d1e-4b4e-9c1a-0a7d6b2f1c01',
    probeId,
    measuredAt: '2026-06-01T10:00:00Z',
  }) as unknown as Measurement;

const probe = (id: string, tags: string[]) => ({ id, type: 'mobile', tags, owner: 'madrid' });

describe('enrichment facts after a change, read again by what changed', () => {
  let store: ReadStore;
  const log = configurationLog('10:1');
  let sequence = 0n;
  /** The read models' reads: collection and ids, or `every` (a scan) or `list` (a page). */
  let reads: string[] = [];

  /** Every configuration read model at `position`, with these documents written. */
  async function project(position: LogPosition, documents: Record<string, ReadDocument[]> = {}) {
    sequence++;
    for (const projection of readModels) {
      const writes = (documents[projection.collection] ?? []).map((doc) => ({ id: doc.id, version: sequence, doc }));
      await store.write(projection.name, projection.collection, writes, position);
    }
  }

  beforeAll(async () => {
    const sql = await openSqlReadStore(await openPgliteClient());
    store = {
      ...sql,
      scan: (collection, query) => {
        reads.push(`${collection} every`);
        return sql.scan(collection, query);
      },
      list: (collection, query) => {
        reads.push(`${collection} list`);
        return sql.list(collection, query);
      },
      getMany: (collection, ids) => {
        reads.push(`${collection} ${ids.join(',')}`);
        return sql.getMany(collection, ids);
      },
    };
    await project(log.head, {
      probes: [probe('p1', ['rural']), probe('p2', ['urban'])],
      profiles: [{ id: 'madrid', timeZone: 'Europe/Madrid' }],
    });
  });
  beforeEach(() => {
    reads = [];
  });

  it('reads nothing again after a change of another kind of entity (a login, a tag renamed)', async () => {
    const facts = enrichment(store, log.eventStore, { refreshMs: 0 });
    await facts.refresh();
    reads = [];

    log.changeAt('11:1', 'user-analyst', 'tag-rural');
    await project(log.head);
    facts.invalidate();
    await facts.refresh();

    expect(reads).toEqual([]);
    expect(facts.enrich(measurementOf('p1')).tags).toEqual(['rural']);
  });

  it("reads again only the probe that changed, and the next batch sees it; a profile's time zone moves its probes' hours", async () => {
    const facts = enrichment(store, log.eventStore, { refreshMs: 0 });
    await facts.refresh();
    expect(facts.enrich(measurementOf('p1')).hour).toBe(12);
    reads = [];

    log.changeAt('12:1', 'probe-p1');
    await project(log.head, { probes: [probe('p1', ['rural', 'fibre'])] });
    facts.invalidate();
    await facts.refresh();
    expect(reads).toEqual(['probes p1']);
    expect(facts.enrich(measurementOf('p1')).tags).toEqual(['rural', 'fibre']);
    expect(facts.enrich(measurementOf('p2')).tags).toEqual(['urban']);

    reads = [];
    log.changeAt('13:1', 'profile-madrid');
    await project(log.head, { profiles: [{ id: 'madrid', timeZone: 'America/New_York' }] });
    facts.invalidate();
    await facts.refresh();
    expect(reads).toEqual(['profiles madrid']);
    expect(facts.enrich(measurementOf('p2')).hour).toBe(6);
  });

  it('forgets a probe deleted, once the read models show the deletion', async () => {
    const facts = enrichment(store, log.eventStore, { refreshMs: 0, unknownProbeWaitMs: 0 });
    await facts.refresh();

    log.changeAt('14:1', 'probe-p2');
    facts.invalidate();
    await facts.refresh();
    expect(await facts.unknownProbes(['p2'])).toEqual(new Set());

    await store.write('configuration-probes', 'probes', [{ id: 'p2', doc: null, version: 100n }]);
    await project(log.head);
    await facts.refresh();
    expect(await facts.unknownProbes(['p1', 'p2'])).toEqual(new Set(['p2']));
  });
});
