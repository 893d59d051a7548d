/**
 * What a worker process says of each of its components (a log consumer, the projector, the job workers) on
 * HEALTH_PORT, and how /ready and /health read them.
 */
export const componentStates = ['ready', 'starting', 'standby', 'unavailable', 'failed'] as const;
export type ComponentState = (typeof componentStates)[number];

export interface ComponentReport {
  name: string;
  /**
   * `starting`: not yet joined, assigned or caught up; `standby`: waiting for a lease another process holds;
   * `unavailable`: cannot work now and keeps retrying; `failed`: its loop has ended and will not recover.
   */
  state: ComponentState;
  /** How far behind it is: records for a consumer group, events for the projector, queued jobs for the job workers. */
  lag?: number;
  reason?: string;
}

export type ReadinessStatus = 'ready' | 'starting' | 'standby' | 'unavailable';

/**
 * The process is ready only when every component is; otherwise the worst state names it. A process that has declared
 * no component yet is still starting.
 */
export function readinessOf(components: readonly ComponentReport[]): ReadinessStatus {
  const states = new Set(components.map((component) => component.state));
  if (states.has('failed') || states.has('unavailable')) return 'unavailable';
  if (components.length === 0 || states.has('starting')) return 'starting';
  if (states.has('standby')) return 'standby';
  return 'ready';
}

/**
 * Liveness: the process answers (its event loop turns) and none of its components has a loop that ended without
 * being told to stop. A component that cannot work (a server down) is unready, not dead: restarting it would not help.
 */
export const livenessOf = (components: readonly ComponentReport[]) =>
  components.some((component) => component.state === 'failed') ? 'failed' : 'alive';
