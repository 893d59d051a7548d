import { Readable } from 'node:stream';
import { defaultMeasurementSource, type EnrichedMeasurement } from '@nq/contracts';
import { type CsvField, csvReadable } from '@nq/platform/csv/csv-writer';
import type { FastifyReply } from 'fastify';
import { type MeasurementNames, namedBatches } from '../analytics/index.ts';

type Row = EnrichedMeasurement;
const listed = (values: readonly string[]) => values.join(';');

/**
 * A measurement as a CSV row: its own fields, its lists joined by `;`, then one column per KPI asked for. Providers,
 * campaigns, clusters, universes and tags are written by name (a person reads the file); `providerId` keeps the id.
 */
const columnsFor = (kpis: readonly string[], names: MeasurementNames): CsvField<Row>[] => [
  'measurementId',
  'probeId',
  'probeType',
  { label: 'source', value: (row: Row) => row.source ?? defaultMeasurementSource },
  'program',
  'testType',
  'status',
  'taskMode',
  'measuredAt',
  'receivedAt',
  'technology',
  'technologyLabel',
  'isp',
  { label: 'provider', value: (row: Row) => row.provider && names.nameOf('provider', row.provider) },
  { label: 'providerId', value: (row: Row) => row.provider },
  { label: 'destination', value: (row: Row) => row.destination?.name },
  { label: 'lat', value: (row: Row) => row.location?.lat },
  { label: 'lon', value: (row: Row) => row.location?.lon },
  { label: 'campaigns', value: (row: Row) => listed(names.namesOf('campaign', row.campaigns)) },
  { label: 'clusters', value: (row: Row) => listed(names.namesOf('cluster', row.clusters)) },
  { label: 'universes', value: (row: Row) => listed(names.namesOf('universe', row.universes)) },
  { label: 'tags', value: (row: Row) => listed(names.namesOf('tag', row.tags)) },
  ...kpis.map((kpi) => ({ label: kpi, value: (row: Row) => row.kpis[kpi] })),
];

/**
 * The batches of a scan with the first one already read, so that a query the engine refuses still answers its error
 * rather than a stream cut short after a 200.
 */
export async function prefetched<T>(batches: AsyncGenerator<T>): Promise<AsyncGenerator<T>> {
  const first = await batches.next();
  return (async function* () {
    if (first.done) return;
    yield first.value;
    yield* batches;
  })();
}

/** Batches of measurements as one CSV text stream (a header row even when there are none), entities by name. */
export const csvStream = (batches: AsyncIterable<Row[]>, kpis: readonly string[], names: MeasurementNames): Readable =>
  csvReadable(columnsFor(kpis, names), namedBatches(batches, names));

/** Batches of measurements as one JSON array, streamed. */
export function jsonArrayStream(batches: AsyncIterable<Row[]>): Readable {
  return Readable.from(
    (async function* () {
      let separator = '';
      yield '[';
      for await (const batch of batches) {
        if (batch.length === 0) continue;
        yield `${separator}${batch.map((row) => JSON.stringify(row)).join(',')}`;
        separator = ',';
      }
      yield ']';
    })(),
  );
}

/** Sends a stream as the answer: Fastify serializes no stream, so the route's response schema does not apply. */
export const sendStream = (reply: FastifyReply, type: string, stream: Readable) => reply.type(type).send(stream);
