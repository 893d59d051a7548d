import type { TaskOf } from '@nq/contracts';
import { eachDestination, hostAndPort } from '../each-destination.ts';
import { failureOf } from '../failure-of-error.ts';
import { errorResult, failure, finishedResult } from '../results.ts';
import { percentileKpis, rounded } from '../round-trip-kpis.ts';
import type { RunContext, TaskResult } from '../task-result.ts';
import { addressOf } from '../tcp-connect.ts';
import { idleLatencyMs } from './idle-latency.ts';
import { runTransfer, type TransferOutcome } from './run-transfer.ts';

type TransferTask = TaskOf<'http-download'> | TaskOf<'http-upload'>;

/** The speed server's HTTP port behind its Service, for a server named without one. */
const defaultSpeedServerPort = 80;

interface TransferTarget {
  name: string;
  url: URL;
}

/** The task's file URL, or else each server's speed-server endpoint for the direction. */
function targetsOf(task: TransferTask, direction: 'download' | 'upload'): TransferTarget[] {
  if (task.url) return [{ name: task.url, url: new URL(task.url) }];
  return task.servers.map(({ host, port = defaultSpeedServerPort }) => {
    const name = hostAndPort(host, port);
    return { name, url: new URL(`http://${name}/${direction}`) };
  });
}

const portOf = (url: URL) => Number(url.port || (url.protocol === 'https:' ? 443 : 80));

/**
 * Whether a transfer with these failed requests failed: when every request did, or when their share is above the
 * task's error threshold.
 */
function failedBeyondThreshold(task: TransferTask, outcome: TransferOutcome) {
  if (outcome.failures.length === 0) return false;
  if (outcome.failures.length >= outcome.requests) return true;
  return task.errorThreshold !== undefined && outcome.failures.length / outcome.requests > task.errorThreshold;
}

/**
 * HTTP download or upload throughput (Mbps, from the end of the ramp-up to the end of the duration), the task's
 * percentiles of its 250 ms slices (`downloadP90`…), and the idle latency taken just before.
 */
export function httpTransferRunner(direction: 'download' | 'upload') {
  const testType = direction === 'download' ? 'http-download' : 'http-upload';
  return (task: TransferTask, context: RunContext): Promise<TaskResult[]> =>
    eachDestination(
      testType,
      targetsOf(task, direction),
      (target) => target.name,
      context.signal,
      async (target) => {
        const name = target.name;
        const resolved = await addressOf(target.url.hostname.replace(/^\[|\]$/g, '')).catch(
          (error: unknown) => error as Error,
        );
        if (resolved instanceof Error) return errorResult(testType, { name }, failureOf(resolved));
        const latency = await idleLatencyMs(
          resolved.address,
          portOf(target.url),
          task.connectTimeout,
          context.signal,
        ).catch((error: unknown) => error as Error);
        const destination = { name, ip: resolved.address };
        if (latency instanceof Error) return errorResult(testType, destination, failureOf(latency));
        const outcome = await runTransfer(
          {
            url: target.url,
            direction,
            durationMs: task.duration,
            rampUp: task.rampUp,
            threads: task.threads,
            connectTimeoutMs: task.connectTimeout,
            transferTimeoutMs: task.transferTimeout,
          },
          context.signal,
        );
        const details = {
          bytes: outcome.bytes,
          sent: outcome.requests,
          received: outcome.requests - outcome.failures.length,
        };
        if (failedBeyondThreshold(task, outcome))
          return errorResult(testType, destination, failureOf(outcome.failures[0]), {}, details);
        if (outcome.throughputMbps === undefined)
          return errorResult(
            testType,
            destination,
            failure('other', 'the ramp-up took the whole duration'),
            {},
            details,
          );
        const kpis = {
          [direction]: rounded(outcome.throughputMbps),
          latency: rounded(latency),
          ...percentileKpis(direction, outcome.sliceThroughputsMbps, task.percentiles),
        };
        return finishedResult(testType, destination, kpis, details);
      },
    );
}
