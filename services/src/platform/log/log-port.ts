/**
 * The Log port (design §2): ordered, partitioned topics with consumer groups and at-least-once delivery.
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
}

export interface LogConsumer {
  /** Finishes the batch in hand, commits it and leaves the group. */
  stop(): Promise<void>;
  /** Leaves at once, as a crashed process would: the batch in hand is not committed and goes to another member. */
  abort(): Promise<void>;
}

export interface LogPort {
  readonly adapter: string;
  /** Creates the topics that do not exist yet (existing ones are left as they are). */
  ensureTopics(topics: TopicSpec[]): Promise<void>;
  /** Resolves once every message is durable (acknowledged by the broker / committed to the database). */
  produce(topic: string, messages: LogMessage[]): Promise<void>;
  /** Resolves once the consumer has joined its group and received its first assignment. */
  consume(options: ConsumerOptions): Promise<LogConsumer>;
  /** Health probe used by /ready. */
  ping(): Promise<void>;
  close(): Promise<void>;
}
