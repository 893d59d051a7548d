import type { EnrichedMeasurement, LogPosition } from '@nq/contracts';
import type { LogRecord } from '@nq/platform/log/log-port';
import type { MeasurementStore } from '@nq/platform/measurements/measurement-store-port';
import type { ReadStore } from '@nq/platform/read-store/read-store-port';
import { openSqlReadStore } from '@nq/platform/read-store/sql-read-store';
import { openPgliteClient } from '@nq/platform/sql/pglite-client';
import { waitFor } from '@nq/platform/testing/wait-for';
import { beforeAll, describe, expect, it } from 'vitest';
import { readModels } from '../../composition/platform-runs.ts';
import { configurationLog } from './configuration-log.fixture.ts';
import { enrichment } from './enrichment.ts';
import { ingestBatch } from './ingest-batch.ts';

const resultOf = (probeId: string, offset: number): LogRecord => ({
  topic: 'measurements.raw',
  partition: 0,
  offset: String(offset),
  timestamp: 0,
  key: probeId,
  value: JSON.stringify({
    measurementId: `m-${probeId}-${offset}`,
    probeId,
    program: 'speedtest',
    testType: 'http-download',
    technology: 4,
    measuredAt: '2026-11-20T10:00:00Z',
    status: 'Finished',
  }),
});

/** A measurement store that keeps what it is given. */
function keepingStore() {
  const written: EnrichedMeasurement[] = [];
  const store = {
    write: async (measurements: EnrichedMeasurement[]) => {
      written.push(...measurements);
      return { failed: [], duplicates: [] };
    },
  } as unknown as MeasurementStore;
  return { store, written };
}

describe('results of a probe enrichment does not know', () => {
  let readStore: ReadStore;
  const log = configurationLog('10:1');
  let sequence = 0n;
  let checkpointReads = 0;

  /** Every configuration read model at `position`, with these probes written. */
  async function project(position: LogPosition, probes: { id: string; type: string; tags: string[] }[] = []) {
    sequence++;
    for (const projection of readModels) {
      const writes =
        projection.collection === 'probes' ? probes.map((doc) => ({ id: doc.id, version: sequence, doc })) : [];
      await readStore.write(projection.name, projection.collection, writes, position);
    }
  }

  beforeAll(async () => {
    const sql = await openSqlReadStore(await openPgliteClient());
    readStore = {
      ...sql,
      checkpoint: (name) => {
        checkpointReads++;
        return sql.checkpoint(name);
      },
    } as ReadStore;
    await project(log.head, [{ id: 'known', type: 'landline', tags: [] }]);
  });

  it("waits for the read models to show a probe created after the facts were loaded, and stores its results with the probe's type and tags", async () => {
    const facts = enrichment(readStore, log.eventStore, { unknownProbeWaitMs: 60_000 });
    await facts.refresh();
    // The probe is created: in the event log, not yet in the read models.
    log.changeAt('11:1', 'probe-created');
    const { store, written } = keepingStore();
    const readsBefore = checkpointReads;
    let ended = false;
    const batch = ingestBatch([resultOf('created', 1), resultOf('known', 2)], { enrichment: facts, store }).finally(
      () => {
        ended = true;
      },
    );
    await waitFor('the batch to look at the read models', () => ended || checkpointReads > readsBefore);
    await project(log.head, [
      { id: 'known', type: 'landline', tags: [] },
      { id: 'created', type: 'mobile', tags: ['tag-1'] },
    ]);

    const outcome = await batch;
    expect(outcome.deadLetters).toEqual([]);
    expect(written.map((m) => [m.probeId, m.probeType, m.tags])).toEqual([
      ['created', 'mobile', ['tag-1']],
      ['known', 'landline', []],
    ]);
  });

  it('dead-letters the results of a probe that does not exist without looking again while the log has not moved', async () => {
    log.changeAt('20:1');
    await project(log.head, [{ id: 'known', type: 'landline', tags: [] }]);
    const facts = enrichment(readStore, log.eventStore, { unknownProbeWaitMs: 60_000 });
    const { store } = keepingStore();
    const first = await ingestBatch([resultOf('nowhere', 1)], { enrichment: facts, store });
    const readsBefore = checkpointReads;

    const again = await ingestBatch([resultOf('nowhere', 2)], { enrichment: facts, store });

    expect([...first.deadLetters, ...again.deadLetters].map((letter) => letter.reason)).toEqual([
      'unknownProbe',
      'unknownProbe',
    ]);
    expect(checkpointReads).toBe(readsBefore);
  });

  it('neither stores nor dead-letters the results of a probe the log holds while the read models do not show it: the batch is delivered again and stored once they do', async () => {
    log.changeAt('40:1');
    await project(log.head, [{ id: 'known', type: 'landline', tags: [] }]);
    const facts = enrichment(readStore, log.eventStore, { unknownProbeWaitMs: 200 });
    await facts.refresh();
    // Created in the log; its projector is slow (or cut off from its store) well past the wait.
    log.changeAt('41:1', 'probe-late');
    const { store, written } = keepingStore();
    const records = [resultOf('late', 1), resultOf('known', 2)];

    await expect(ingestBatch(records, { enrichment: facts, store })).rejects.toThrow(
      'probes late exist but the configuration read models do not show them yet',
    );
    expect(written).toEqual([]);

    await project(log.head, [
      { id: 'known', type: 'landline', tags: [] },
      { id: 'late', type: 'mobile', tags: [] },
    ]);
    const again = await ingestBatch(records, { enrichment: facts, store });
    expect(again.deadLetters).toEqual([]);
    expect(written.map((m) => [m.probeId, m.probeType])).toEqual([
      ['late', 'mobile'],
      ['known', 'landline'],
    ]);
  });

  it('dead-letters the results of a probe that still does not exist once the wait is over, and stores the others', async () => {
    const facts = enrichment(readStore, log.eventStore, { unknownProbeWaitMs: 200 });
    // The read models never reach the log's head: the wait ends at its bound.
    log.changeAt('99:1');
    const { store, written } = keepingStore();
    const records = [resultOf('nowhere', 1), resultOf('known', 2)];

    const outcome = await ingestBatch(records, { enrichment: facts, store });

    expect(written.map((m) => m.probeId)).toEqual(['known']);
    expect(outcome.deadLetters).toEqual([
      {
        reason: 'unknownProbe',
        problems: [
          {
            field: 'probeId',
            code: 'measurements.unknownProbe',
            params: { probeId: 'nowhere' },
            message: 'measurements.unknownProbe',
          },
        ],
        source: { topic: 'measurements.raw', partition: 0, offset: '1' },
        payload: records[0]!.value,
      },
    ]);
  });
});
