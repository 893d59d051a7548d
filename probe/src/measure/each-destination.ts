import { cancelledResult, notApplyResult } from './results.ts';
import type { TaskResult } from './task-result.ts';

/**
 * Measures the destinations one after the other (side by side they would measure each other's traffic): one result
 * each, the ones not reached once the run is aborted `Cancelled`. A task with no destination gets one `Not apply`.
 */
export async function eachDestination<Destination>(
  testType: TaskResult['testType'],
  destinations: readonly Destination[],
  nameOf: (destination: Destination) => string,
  signal: AbortSignal,
  measure: (destination: Destination) => Promise<TaskResult>,
): Promise<TaskResult[]> {
  if (destinations.length === 0) return [notApplyResult(testType, `the ${testType} task names no destination`)];
  const results: TaskResult[] = [];
  for (const destination of destinations)
    results.push(
      signal.aborted
        ? cancelledResult(testType, { name: nameOf(destination) })
        : await measure(destination).then((result) =>
            signal.aborted && result.status !== 'Not apply'
              ? cancelledResult(testType, result.destination ?? { name: nameOf(destination) })
              : result,
          ),
    );
  return results;
}

/** `host:port` as a destination's name (`[v6]:port` for an IPv6 address). */
export const hostAndPort = (host: string, port: number) =>
  host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
