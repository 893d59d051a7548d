import type { Measurement, MeasurementDetails, MeasurementFailure, Task } from '@nq/contracts';

/**
 * What one run of a task measured against one of its destinations: the measurement's test-specific part. The agent
 * adds the rest (measurement id, probe, program, time, network) and keeps it until the gateway acknowledges it.
 */
export interface TaskResult {
  testType: Measurement['testType'];
  status: Extract<Measurement['status'], 'Finished' | 'Error' | 'Not apply' | 'Cancelled'>;
  kpis: Record<string, number>;
  destination?: { name: string; ip?: string };
  failure?: MeasurementFailure;
  details?: MeasurementDetails;
}

export interface RunContext {
  /** Aborted when the run is cancelled (a launch cancelled) or the agent stops: the run ends soon with `Cancelled`. */
  signal: AbortSignal;
  /**
   * The speed server the agent was pointed at (`host:port`), for a task that names no server of its own (a VoIP
   * call's UDP stream goes to its reflector).
   */
  speedServer?: { host: string; port: number };
}

/** Runs a task once: one result per destination it names (each server, domain or URL), never none. */
export type RunTask = (task: Task, context: RunContext) => Promise<TaskResult[]>;
