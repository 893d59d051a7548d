import type { EnrichedMeasurement } from '@nq/contracts';

/** What a stored measurement tells of its ISP: the name it reported, its IMSI and IP address. */
export type IspIdentityFacts = Pick<EnrichedMeasurement, 'isp' | 'imsi' | 'ip'>;

export interface WriteFailure {
  measurementId: string;
  /** Worth another try (overload, unavailable shard); otherwise the document itself was refused. */
  retryable: boolean;
  reason: string;
}

/**
 * The measurements read model (design §5): Elasticsearch monthly indices behind an alias in the distributed profile,
 * a SQL table in the embedded one. A document's id is its measurement id, so writing it again replaces it: ingest is
 * idempotent whatever the redeliveries.
 */
export interface MeasurementStore {
  readonly adapter: string;
  /**
   * Durable when it resolves (for the items not listed as failed). `json[i]`, when given, is `measurements[i]` as
   * JSON: a caller that needs the text anyway (ingest publishes it too) encodes each measurement only once.
   */
  write(measurements: EnrichedMeasurement[], json?: string[]): Promise<{ failed: WriteFailure[] }>;
  get(measurementId: string): Promise<EnrichedMeasurement | undefined>;
  /** How many measurements there are (of one probe). */
  count(filter?: { probeId?: string }): Promise<number>;
  /**
   * Gives the measurements stored without an ISP id (written before ingest recorded one) the id `ispIdOf` finds for
   * them; those it finds none for stay without. Answers how many got one. Idempotent, and resumable when interrupted.
   */
  assignIspIds(ispIdOf: (measurement: IspIdentityFacts) => string | undefined): Promise<number>;
  ping(): Promise<void>;
  close(): Promise<void>;
}
