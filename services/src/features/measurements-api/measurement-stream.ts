import { Readable } from 'node:stream';
import { type CsvOptions, defaultMeasurementSource, type EnrichedMeasurement } from '@nq/contracts';
import { type CsvField, csvReadable } from '@nq/platform/csv/csv-writer';
import type { FastifyReply } from 'fastify';
import { type MeasurementNames, namedBatches } from '../analytics/index.ts';

type Row = EnrichedMeasurement;
const listed = (values: readonly string[]) => values.join(';');

/** A column of the measurement's own: its header in each language and its cell. */
const column = (en: string, es: string, value: (row: Row) => unknown, instant = false): CsvField<Row> => ({
  label: { en, es },
  value,
  ...(instant ? { instant } : {}),
});

/**
 * A measurement as a CSV row: its own fields, its lists joined by `;`, then one column per KPI asked for (headed by
 * the KPI's id in both languages). Providers, campaigns, clusters, universes and tags are written by name (a person
 * reads the file); `providerId` keeps the id. Its times are instants (written in the CSV's time zone).
 */
const columnsFor = (kpis: readonly string[], names: MeasurementNames): CsvField<Row>[] => [
  column('measurementId', 'id de medición', (row) => row.measurementId),
  column('probeId', 'id de sonda', (row) => row.probeId),
  column('probeType', 'tipo de sonda', (row) => row.probeType),
  column('source', 'origen', (row) => row.source ?? defaultMeasurementSource),
  column('program', 'programa', (row) => row.program),
  column('testType', 'tipo de prueba', (row) => row.testType),
  column('status', 'estado', (row) => row.status),
  column('taskMode', 'modo de tarea', (row) => row.taskMode),
  column('measuredAt', 'fecha de medición', (row) => row.measuredAt, true),
  column('receivedAt', 'fecha de recepción', (row) => row.receivedAt, true),
  column('technology', 'tecnología', (row) => row.technology),
  column('technologyLabel', 'nombre de tecnología', (row) => row.technologyLabel),
  column('isp', 'ISP', (row) => row.isp),
  column('provider', 'proveedor', (row) => row.provider && names.nameOf('provider', row.provider)),
  column('providerId', 'id de proveedor', (row) => row.provider),
  column('destination', 'destino', (row) => row.destination?.name),
  column('lat', 'latitud', (row) => row.location?.lat),
  column('lon', 'longitud', (row) => row.location?.lon),
  column('campaigns', 'campañas', (row) => listed(names.namesOf('campaign', row.campaigns))),
  column('clusters', 'clústeres', (row) => listed(names.namesOf('cluster', row.clusters))),
  column('universes', 'universos', (row) => listed(names.namesOf('universe', row.universes))),
  column('tags', 'etiquetas', (row) => listed(names.namesOf('tag', row.tags))),
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

/**
 * Batches of measurements as one CSV text stream (a header row even when there are none), entities by name, written
 * as the options say (default: the writer's, English in UTC).
 */
export const csvStream = (
  batches: AsyncIterable<Row[]>,
  kpis: readonly string[],
  names: MeasurementNames,
  options?: CsvOptions,
): Readable => csvReadable(columnsFor(kpis, names), namedBatches(batches, names), options);

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
