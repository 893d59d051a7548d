import {
  type EnrichedMeasurement,
  type Measurement,
  measurementSchema,
  pathOfForbiddenTextInJson,
} from '@nq/contracts';
import { fieldProblem, invalidCharactersProblem } from '@nq/platform/entities/validation-error';
import type { LogMessage, LogRecord } from '@nq/platform/log/log-port';
import type { MeasurementStore } from '@nq/platform/measurements/measurement-store-port';
import { z } from 'zod';
import type { Enrichment } from './enrichment.ts';

/**
 * The measurement schema compiled once (`z.compile`): a parser generated for its shape answers a well-formed
 * measurement without the schema's interpreter (its output the same); whatever that parser does not accept goes to the
 * schema itself, so an invalid measurement gets the very issues it always got.
 */
const measurementParser = z.compile(measurementSchema);

export interface DeadLetter {
  /** `unknownProbe`: no such probe, even once the configuration read models had caught up with the event log. */
  reason: 'invalid' | 'refused' | 'unknownProbe';
  problems: { field?: string; message: string }[];
  source: { topic: string; partition: number; offset: string };
  /** The message as it arrived. */
  payload: string;
}

/** A measurement written to the read model, and its JSON text (written, then published as it is). */
export interface Indexed {
  measurement: EnrichedMeasurement;
  json: string;
}

export interface BatchOutcome {
  indexed: Indexed[];
  deadLetters: DeadLetter[];
  /** Measurements their probe sent again, already stored from an earlier message: left as they were, not passed on. */
  duplicates: number;
}

const sourceOf = (record: LogRecord) => ({ topic: record.topic, partition: record.partition, offset: record.offset });

/**
 * Parses and validates each record: the valid measurements (`sources[i]` the record of `measurements[i]`), and a
 * dead letter for each invalid one.
 */
export function readBatch(records: LogRecord[]) {
  const measurements: (Measurement & { receivedAt?: string })[] = [];
  const sources: LogRecord[] = [];
  const deadLetters: DeadLetter[] = [];
  for (const record of records) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(record.value);
    } catch (error) {
      deadLetters.push({
        reason: 'invalid',
        problems: [{ message: (error as Error).message }],
        source: sourceOf(record),
        payload: record.value,
      });
      continue;
    }
    // The topic is a boundary too: text no store may hold is refused as at the gateway.
    const forbidden = pathOfForbiddenTextInJson(record.value, parsed);
    if (forbidden) {
      deadLetters.push({
        reason: 'invalid',
        problems: [invalidCharactersProblem(forbidden)],
        source: sourceOf(record),
        payload: record.value,
      });
      continue;
    }
    const result = measurementParser.safeParse(parsed);
    if (!result.success) {
      deadLetters.push({
        reason: 'invalid',
        problems: result.error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message })),
        source: sourceOf(record),
        payload: record.value,
      });
      continue;
    }
    const measurement: Measurement & { receivedAt?: string } = result.data;
    const receivedAt = (parsed as { receivedAt?: unknown }).receivedAt;
    if (typeof receivedAt === 'string') measurement.receivedAt = receivedAt;
    measurements.push(measurement);
    sources.push(record);
  }
  return { measurements, sources, deadLetters };
}

const unknownProbeLetter = (probeId: string, record: LogRecord): DeadLetter => ({
  reason: 'unknownProbe',
  problems: [fieldProblem(['probeId'], 'measurements.unknownProbe', { params: { probeId } })],
  source: sourceOf(record),
  payload: record.value,
});

export class RetryableWriteError extends Error {
  constructor(failures: number, reason: string) {
    super(`${failures} measurements could not be written yet (${reason}): the batch will be delivered again`);
    this.name = 'RetryableWriteError';
  }
}

/**
 * One batch of `measurements.raw`: validate, enrich, write (idempotent by measurement id), and dead-letter what is
 * invalid or refused by the store. A failure worth retrying (overload, unavailable shard) throws, so the whole batch
 * comes again and its offsets are not committed: nothing is lost, and rewriting is harmless.
 */
export async function ingestBatch(
  records: LogRecord[],
  dependencies: {
    enrichment: Enrichment;
    store: MeasurementStore;
    /**
     * False for records that never were on `measurements.raw` (a demo's history): stored without an ingest source,
     * each replacing a copy stored before, they are counted by a cube's rebuild, never by its stream.
     */
    fromRawTopic?: boolean;
  },
): Promise<BatchOutcome> {
  await dependencies.enrichment.refresh();
  const fromRawTopic = dependencies.fromRawTopic ?? true;
  const read = readBatch(records);
  const { deadLetters } = read;
  const unknownProbes = await dependencies.enrichment.unknownProbes(read.measurements.map((m) => m.probeId));
  // Enriched in one pass: the object enrichment builds is the one written and passed on (its ingest source added last).
  const enriched: EnrichedMeasurement[] = [];
  const sources: LogRecord[] = [];
  const json: string[] = [];
  for (let index = 0; index < read.measurements.length; index++) {
    const measurement = read.measurements[index]!;
    const source = read.sources[index]!;
    if (unknownProbes.has(measurement.probeId)) {
      deadLetters.push(unknownProbeLetter(measurement.probeId, source));
      continue;
    }
    const one = dependencies.enrichment.enrich(measurement);
    if (fromRawTopic) one.ingestSource = { partition: source.partition, offset: Number(source.offset) };
    enriched.push(one);
    sources.push(source);
    json.push(JSON.stringify(one));
  }
  const {
    failed,
    duplicates = [],
    replays = [],
  } = await dependencies.store.write(enriched, json, {
    keepFirst: fromRawTopic,
  });
  const retryable = failed.filter((failure) => failure.retryable);
  if (retryable.length > 0) throw new RetryableWriteError(retryable.length, retryable[0]!.reason);
  const refused = new Map(failed.map((failure) => [failure.measurementId, failure.reason]));
  const sentAgain = new Set<EnrichedMeasurement>(duplicates);
  const indexed: Indexed[] = [];
  // A message delivered again after a crash is passed on again, as it was stored and first passed on (downstream
  // counts each ingest source once, in the rows of what it was enriched with then, as a rebuild reads it from the
  // store); a copy its probe sent again is not (its first copy was).
  const storedBefore = new Map(replays.map((measurement) => [measurement.measurementId, measurement]));
  const passedOn = new Set<string>();
  enriched.forEach((measurement, index) => {
    if (sentAgain.has(measurement) || passedOn.has(measurement.measurementId)) return;
    passedOn.add(measurement.measurementId);
    const stored = storedBefore.get(measurement.measurementId);
    if (stored) {
      indexed.push({ measurement: stored, json: JSON.stringify(stored) });
      return;
    }
    const reason = refused.get(measurement.measurementId);
    if (reason === undefined) indexed.push({ measurement, json: json[index]! });
    else
      deadLetters.push({
        reason: 'refused',
        problems: [{ message: reason }],
        source: sourceOf(sources[index]!),
        payload: sources[index]!.value,
      });
  });
  return { indexed, deadLetters, duplicates: enriched.length - passedOn.size };
}

export const enrichedMessage = ({ measurement, json }: Indexed): LogMessage => ({
  key: measurement.probeId,
  value: json,
});

export const deadLetterMessage = (letter: DeadLetter): LogMessage => ({
  key: `${letter.source.topic}/${letter.source.partition}/${letter.source.offset}`,
  value: JSON.stringify(letter),
});
