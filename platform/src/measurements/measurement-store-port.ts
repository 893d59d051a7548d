import type { EnrichedMeasurement } from '@nq/contracts';
import type { RetentionOutcome } from './retention.ts';

/** What a stored measurement tells of its ISP: the name it reported, its IMSI and IP address. */
export type IspIdentityFacts = Pick<EnrichedMeasurement, 'isp' | 'imsi' | 'ip'>;

export interface WriteFailure {
  measurementId: string;
  /** Worth another try (overload, unavailable shard); otherwise the document itself was refused. */
  retryable: boolean;
  reason: string;
}

export interface WriteOptions {
  /**
   * Keep the first copy: a measurement already stored is not replaced, and is told apart as a replay (stored from the
   * same `ingestSource`, e.g. a batch delivered again) or a duplicate (the same id sent again by its probe).
   */
  keepFirst?: boolean;
}

export interface WriteOutcome {
  failed: WriteFailure[];
  /** With `keepFirst`: the measurements given whose id was stored before from another ingest source (left as it was). */
  duplicates?: EnrichedMeasurement[];
  /**
   * With `keepFirst`: for the measurements given that were stored before from the same ingest source (a batch
   * delivered again), the copies the store holds — which the given ones may not equal: enriched again, they carry
   * the configuration as it is now, not as it was when they were first stored and passed on.
   */
  replays?: EnrichedMeasurement[];
}

/**
 * With `keepFirst`: sorts the measurements given by the copy the store holds of their id (`held`; none for those
 * it did not have): a copy from the same ingest source is a replay (its held copy, once), from another one or none
 * a duplicate. A measurement that is its own held copy (the one this write stored) is neither.
 */
export function sortStoredCopies(written: EnrichedMeasurement[], held: Map<string, EnrichedMeasurement>) {
  const duplicates: EnrichedMeasurement[] = [];
  const replays = new Map<string, EnrichedMeasurement>();
  for (const measurement of written) {
    const copy = held.get(measurement.measurementId);
    if (!copy || copy === measurement) continue;
    const first = copy.ingestSource;
    const now = measurement.ingestSource;
    if (first && now && first.partition === now.partition && first.offset === now.offset)
      replays.set(measurement.measurementId, copy);
    else duplicates.push(measurement);
  }
  return { duplicates, replays: [...replays.values()] };
}

/**
 * The measurements read model: Elasticsearch monthly indices behind an alias in the distributed profile,
 * a SQL table in the embedded one. A document's id is its measurement id, so writing it again replaces it: ingest is
 * idempotent whatever the redeliveries.
 */
export interface MeasurementStore {
  readonly adapter: string;
  /**
   * Durable when it resolves (for the items not listed as failed). `json[i]`, when given, is `measurements[i]` as
   * JSON: a caller that needs the text anyway (ingest publishes it too) encodes each measurement only once.
   */
  write(measurements: EnrichedMeasurement[], json?: string[], options?: WriteOptions): Promise<WriteOutcome>;
  get(measurementId: string): Promise<EnrichedMeasurement | undefined>;
  /** How many measurements there are (of one probe). */
  count(filter?: { probeId?: string }): Promise<number>;
  /**
   * Every stored measurement, a page at a time in measurement-id order: those after `after` ('' for the first page),
   * at most `limit` (a backup reads them all this way; the first page shows every write acknowledged before it).
   */
  page(after: string, limit: number): Promise<EnrichedMeasurement[]>;
  /**
   * Gives the measurements stored without an ISP id (written before ingest recorded one) the id `ispIdOf` finds for
   * them; those it finds none for stay without. Answers how many got one. Idempotent, and resumable when interrupted.
   */
  assignIspIds(ispIdOf: (measurement: IspIdentityFacts) => string | undefined): Promise<number>;
  /**
   * Deletes every measurement of the months (UTC, by measurement time) before `month` (`YYYY-MM`): whole monthly
   * indices in Elasticsearch, rows in SQL. Answers the months it deleted (ascending) and how many measurements.
   */
  deleteMonthsBefore(month: string): Promise<{ months: string[]; measurements: number }>;
  /**
   * Keeps the current month and the `months` before it (UTC): deletes the older months now, or, where the store's
   * own lifecycle can (Elasticsearch with index lifecycle management), hands each month's deletion to it, due at the
   * start of the month it falls out (run daily: months that began since are handed over too).
   */
  applyRetention(months: number, now: Date): Promise<RetentionOutcome>;
  ping(): Promise<void>;
  close(): Promise<void>;
}
