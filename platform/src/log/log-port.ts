import { DomainError } from '@nq/contracts';

/**
 * The Log port: ordered, partitioned topics with consumer groups and at-least-once delivery.
 * Adapters: Apache Kafka (distributed profile) and a table-backed log in the embedded database.
 */
export interface LogMessage {
  /** Messages sharing a key land on one partition and are delivered in the order they were produced. */
  key: string;
  value: string;
  headers?: Record<string, string>;
}

export interface LogRecord extends LogMessage {
  topic: string;
  partition: number;
  /** Position inside its partition (a decimal string: Kafka offsets are 64-bit). */
  offset: string;
  timestamp: number;
}

export interface TopicSpec {
  name: string;
  partitions: number;
}

export interface BatchContext {
  /** Aborted when the consumer is aborted: the batch will not be committed and will be delivered again. */
  signal: AbortSignal;
}

export interface ConsumerOptions {
  groupId: string;
  topics: string[];
  /** Where a group with no committed position starts: the oldest retained record (default) or only new ones. */
  startFrom?: 'earliest' | 'latest';
  /**
   * Called with records of one partition, in order. The batch is committed only after the returned promise
   * resolves; if it rejects, the same records are delivered again after a short back-off.
   */
  handle: (records: LogRecord[], context: BatchContext) => Promise<void>;
  maxBatchSize?: number;
  /**
   * How many batches, each of a different partition, may be in the handler at once (default 1). A partition's
   * records are still handled in order, one batch at a time.
   */
  partitionsAtOnce?: number;
  /**
   * How long a partition's records may wait for a fuller batch (default 0: handled as they come). For a handler whose
   * cost is per batch more than per record (cube rows rewritten by every batch): fewer, fuller batches.
   */
  lingerMs?: number;
}

/** Whether a consumer can consume right now. */
export interface ConsumerStatus {
  groupId: string;
  consuming: boolean;
  /** When it last became able, or unable, to consume. */
  since: Date;
  /** While it cannot consume: why (the last failure; it keeps reconnecting until the log answers again). */
  reason?: string;
  /** How many times it has lost the log since it started (each one ended by reconnecting and rejoining its group). */
  interruptions: number;
  /** Set once its loop has ended without being told to stop, so that it will never consume again: why. */
  ended?: string;
}

export interface LogConsumer {
  /** Finishes the batch in hand, commits it and leaves the group; bounded, even while the log is unreachable. */
  stop(): Promise<void>;
  /** Leaves at once, as a crashed process would: the batch in hand is not committed and goes to another member. */
  abort(): Promise<void>;
  status(): ConsumerStatus;
}

/** How far a consumer group is behind on one partition: the records produced there that it has not committed yet. */
export interface PartitionLag {
  topic: string;
  partition: number;
  records: number;
  /** The next offset the group will read (every record before it is processed). */
  committedOffset?: number;
}

/** How long a caller refused by an unavailable log should wait before sending again. */
export const logRetryAfterSeconds = 10;

/**
 * The log cannot take messages now (unreachable, or no acknowledgement within the produce bound): nothing was lost
 * on the caller's side if it keeps them and sends them again later. Answered 503 `dependency.unavailable` with a
 * Retry-After header by whatever route produces.
 */
export class LogUnavailableError extends DomainError {
  constructor(cause: unknown) {
    super('dependency.unavailable', {
      params: { dependency: 'log' },
      details: { retryAfterSeconds: logRetryAfterSeconds },
      cause,
    });
    this.name = 'LogUnavailableError';
  }
}

export interface LogPort {
  readonly adapter: string;
  /** Creates the topics that do not exist yet (existing ones are left as they are). */
  ensureTopics(topics: TopicSpec[]): Promise<void>;
  /**
   * Resolves once every message is durable (acknowledged by the broker / committed to the database). Rejects with
   * LogUnavailableError when the log does not take them within a bound of a few seconds.
   */
  produce(topic: string, messages: LogMessage[]): Promise<void>;
  /** Resolves once the consumer has joined its group and received its first assignment. */
  consume(options: ConsumerOptions): Promise<LogConsumer>;
  /** The group's lag on each partition it has committed on (the partition's end minus the group's committed offset). */
  groupLag(groupId: string): Promise<PartitionLag[]>;
  /** Health probe used by /ready. */
  ping(): Promise<void>;
  close(): Promise<void>;
}
