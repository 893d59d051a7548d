/** Something the platform cannot serve without, or a worker that cannot work; /ready checks each one. */
export interface Dependency {
  name:
    | 'event-store'
    | 'log'
    | 'read-store'
    | 'ephemeral-store'
    | 'jobs'
    | 'jobs-worker'
    | 'mail'
    | 'ingest-worker'
    | 'probe-status-worker'
    | 'alerting-worker';
  /** Which adapter serves it, e.g. 'postgresql' or 'pglite'. */
  adapter: string;
  check(): Promise<void>;
}
