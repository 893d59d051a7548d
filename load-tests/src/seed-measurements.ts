import type { EnrichedMeasurement } from '@nq/contracts';
import type { openElasticsearchMeasurementStore } from '@nq/projections/measurements/elasticsearch-measurement-store';
import { monthOf } from '@nq/projections/measurements/measurement-index-template';

// Seeding the benchmarks' measurements straight into Elasticsearch, as fast as `_bulk` takes them.

export function* batchesOf<T>(items: Iterable<T>, size: number) {
  let batch: T[] = [];
  for (const item of items) {
    batch.push(item);
    if (batch.length === size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length > 0) yield batch;
}

/** `_bulk` of the batches, `parallel` requests in flight; the batches may be generated as they are sent. */
export async function bulkInto(
  store: Awaited<ReturnType<typeof openElasticsearchMeasurementStore>>,
  batches: Iterable<EnrichedMeasurement[]>,
  parallel = 1,
) {
  const pending = batches[Symbol.iterator]();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      for (let next = pending.next(); !next.done; next = pending.next()) {
        const operations = next.value.flatMap((doc): object[] => [
          { index: { _index: `${store.alias}-${monthOf(doc.measuredAt)}`, _id: doc.measurementId } },
          doc,
        ]);
        await store.ensureMonths(new Set(next.value.map((doc) => monthOf(doc.measuredAt))));
        const response = await store.client.bulk({ operations });
        if (response.errors) throw new Error('raw bulk refused documents');
      }
    }),
  );
  return performance.now() - started;
}
