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

/** Keeps the read models up to date with the event store (the implementation lives with the read side). */
export interface Projector {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Processes every projection up to the head of the log now. */
  catchUp(): Promise<void>;
  /** Read-your-writes: true once every projection (or the one named) has reached `position`, false after `timeoutMs`. */
  waitFor(position: LogPosition, timeoutMs: number, projection?: string): Promise<boolean>;
  /** Forgets a projection's read model and builds it again from the start of the log. */
  rebuild(name: string): Promise<RebuildReport>;
}

/** The adapters a projector reads from and writes to, as the platform opened them. */
export interface ProjectorAdapters {
  eventStore: EventStore;
  readStore: ReadStore;
  metrics?: Registry;
}
