import type { LogPosition } from '@nq/contracts';
import type { Registry } from 'prom-client';
import type { EventStore } from './event-store/event-store-port.ts';
import type { ReadStore } from './read-store/read-store-port.ts';

export interface RebuildReport {
  projection: string;
  events: number;
  seconds: number;
  eventsPerSecond: number;
}

/** Where the projector stands against the event log now. */
export interface ProjectorProgress {
  running: boolean;
  /** It has reached the head of the log as it was when it started (and stays caught up until it stops). */
  caughtUp: boolean;
  /** Events the least advanced read model has yet to apply (about: the log's sequence numbers may have gaps). */
  behind: number;
}

/** Keeps the read models up to date with the event store (the implementation lives with the read side). */
export interface Projector {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Processes every projection up to the head of the log now. */
  catchUp(): Promise<void>;
  /** Read-your-writes: true once every projection (or the one named) has reached `position`, false after `timeoutMs`. */
  waitFor(position: LogPosition, timeoutMs: number, projection?: string): Promise<boolean>;
  /** A request's read-your-writes (`minPosition`): `waitFor` within the platform's bound (READ_YOUR_WRITES_TIMEOUT_MS). */
  showsWrite(position: LogPosition, projection?: string): Promise<boolean>;
  /** How far behind the log it is now (readiness of the projector process). */
  progress(): Promise<ProjectorProgress>;
  /** Forgets a projection's read model and builds it again from the start of the log. */
  rebuild(name: string): Promise<RebuildReport>;
}

/** The adapters a projector reads from and writes to, as the platform opened them. */
export interface ProjectorAdapters {
  eventStore: EventStore;
  readStore: ReadStore;
  metrics?: Registry;
  /** How long a request's read-your-writes waits (`showsWrite`); 5 s when not given. */
  readYourWritesMs?: number;
}
