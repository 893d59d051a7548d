import type { EnrichedMeasurement } from '@nq/contracts';

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
}

/** With `keepFirst`: the measurements stored before from another source than the one now written. */
export const duplicatesAmong = (
  written: EnrichedMeasurement[],
  stored: Map<string, EnrichedMeasurement['ingestSource']>,
) =>
  written.filter((measurement) => {
    if (!stored.has(measurement.measurementId)) return false;
    const first = stored.get(measurement.measurementId);
    const now = measurement.ingestSource;
    return !(first && now && first.partition === now.partition && first.offset === now.offset);
  });

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
   * Gives the measurements stored without an ISP id (written before ingest recorded one) the id `ispIdOf` finds for
   * them; those it finds none for stay without. Answers how many got one. Idempotent, and resumable when interrupted.
   */
  assignIspIds(ispIdOf: (measurement: IspIdentityFacts) => string | undefined): Promise<number>;
  /**
   * Deletes every measurement of the months (UTC, by measurement time) before `month` (`YYYY-MM`): whole monthly
   * indices in Elasticsearch, rows in SQL. Answers the months it deleted (ascending) and how many measurements.
   */
  deleteMonthsBefore(month: string): Promise<{ months: string[]; measurements: number }>;
  ping(): Promise<void>;
  close(): Promise<void>;
}
