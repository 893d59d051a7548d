import type { EventMetadata, HttpErrorCode, LogPosition, StoredEvent } from '@nq/contracts';

export interface NewEvent {
  type: string;
  schemaVersion: number;
  data: Record<string, unknown>;
}

/** A unique value held by one stream (a tag's name, a provider's IMSI…), claimed in the append's transaction. */
export interface Reservation {
  scope: string;
  value: string;
}

/**
 * What an append must also make true, in its own transaction: uniqueness and cross-aggregate references
 * are never checked against an eventually consistent read model.
 */
export interface AppendConstraints {
  claim?: (Reservation & { conflict: HttpErrorCode })[];
  release?: Reservation[];
  /** This stream now refers to `to` (e.g. cluster → geofilter); `missing` when `to` does not exist or is deleted. */
  addReferences?: { to: string; missing: HttpErrorCode }[];
  removeReferences?: { to: string }[];
  /** For deletions: refuse while another stream refers to this one. */
  refuseIfReferenced?: HttpErrorCode;
  /** Marks the stream deleted, so that new references to it are refused. */
  markDeleted?: boolean;
}

export interface AppendRequest {
  streamId: string;
  /** The stream's version the decision was made on (0: the stream must not exist yet); 'any' skips the check. */
  expectedVersion: number | 'any';
  events: NewEvent[];
  metadata: EventMetadata;
  constraints?: AppendConstraints;
}

export interface AppendResult {
  streamVersion: number;
  /** Position of the last event appended: a read model that has reached it shows this write. */
  position: LogPosition;
  events: StoredEvent[];
  /** True when the command id had already been appended: nothing was written again. */
  replayed: boolean;
}

export interface ReadStreamOptions {
  /** Only the events recorded at or before this instant (state as of a date). */
  recordedUntil?: Date;
}

/** Events recorded within a time window, of the streams whose ids start with one of the prefixes (`probe-`…). */
export interface RecordedQuery {
  from: Date;
  /** Inclusive. */
  to: Date;
  streamPrefixes: readonly string[];
  limit: number;
}

export interface EventStore {
  append(request: AppendRequest): Promise<AppendResult>;
  /**
   * Appends to several streams (one request each) in one transaction: every request, or none when one is refused (a
   * version it does not expect, a constraint), with that refusal. A request whose command was appended already is
   * answered as it was (`replayed`) and appends nothing again. Answers in the requests' order.
   */
  appendMany(requests: readonly AppendRequest[]): Promise<AppendResult[]>;
  readStream(streamId: string, options?: ReadStreamOptions): Promise<StoredEvent[]>;
  /** Several streams in one read, by id: the events of each, in order (a stream without any is absent). */
  readStreams(streamIds: readonly string[]): Promise<Map<string, StoredEvent[]>>;
  /** The events recorded in the window (e.g. configuration changes over a chart's period), newest first. */
  readRecorded(query: RecordedQuery): Promise<StoredEvent[]>;
  /** The global log after `after`, in commit order, never skipping an event committed late. */
  readAll(after: LogPosition, limit: number): Promise<StoredEvent[]>;
  /** The position of the newest committed event; readers reach it once every older transaction has ended. */
  head(): Promise<LogPosition>;
  /** The stream holding a unique value now (e.g. the user with an e-mail address), read consistently. */
  holderOf(scope: string, value: string): Promise<string | undefined>;
  /** Calls `onAppend` after any process appends; resolves to the unsubscribe function. */
  onAppend(onAppend: () => void): Promise<() => Promise<void>>;
}
