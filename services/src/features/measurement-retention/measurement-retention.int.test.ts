import { randomUUID } from 'node:crypto';
import { sampleMeasurement } from '@nq/platform/measurements/measurement-store.contract';
import type { Platform } from '@nq/platform/platform';
import { deleteIndices, infra } from '@nq/platform/testing/infra';
import { openElasticsearchMeasurementStore } from '@nq/projections/measurements/elasticsearch-measurement-store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { measurementRetentionJob } from './measurement-retention.ts';

const monthsAgo = (ago: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - ago, 15, 12)).toISOString();
};

describe('measurement retention on Elasticsearch', { timeout: 60_000 }, () => {
  const indexPrefix = `test-retention-${randomUUID().slice(0, 8)}`;
  let store: Awaited<ReturnType<typeof openElasticsearchMeasurementStore>>;
  beforeAll(async () => {
    store = await openElasticsearchMeasurementStore({ url: infra.elasticsearchUrl, indexPrefix });
  });
  afterAll(async () => {
    await store?.close();
    await deleteIndices(indexPrefix);
  });

  it('deletes the monthly indices before the months kept, and keeps the recent ones and the alias', async () => {
    const ages = [14, 13, 12, 1, 0];
    const measurements = ages.map((ago) => sampleMeasurement({ measuredAt: monthsAgo(ago) }));
    expect((await store.write(measurements)).failed).toEqual([]);
    const indexOf = (measuredAt: string) => `${store.alias}-${measuredAt.slice(0, 7).replace('-', '.')}`;
    const [fourteen, thirteen, twelve, one, current] = measurements.map((m) => indexOf(m.measuredAt));

    const platform = { config: { measurements: { retentionMonths: 12 } }, measurements: store } as unknown as Platform;
    const signal = new AbortController().signal;
    const result = await measurementRetentionJob.handler(platform)(
      {},
      {
        id: 'retention',
        attempt: 1,
        signal,
        reportProgress: async () => {},
      },
    );

    expect(result).toEqual({
      months: [measurements[0]!.measuredAt.slice(0, 7), measurements[1]!.measuredAt.slice(0, 7)],
      measurements: 2,
    });
    const left = (await store.client.cat.indices({ index: `${store.alias}-*`, h: ['index'], format: 'json' }))
      .map(({ index }) => index)
      .sort();
    expect(left).toEqual([twelve, one, current].sort());
    expect(left).not.toContain(fourteen);
    expect(left).not.toContain(thirteen);
    const aliased = Object.keys(await store.client.indices.getAlias({ name: store.alias })).sort();
    expect(aliased).toEqual([twelve, one, current].sort());
    expect(await store.count()).toBe(3);
  });
});
