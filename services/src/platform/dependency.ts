/** Something the platform cannot serve without; /ready checks each one. */
export interface Dependency {
  name: 'event-store' | 'log' | 'read-store' | 'ephemeral-store' | 'jobs' | 'mail';
  /** Which adapter serves it, e.g. 'postgresql' or 'pglite'. */
  adapter: string;
  check(): Promise<void>;
}
