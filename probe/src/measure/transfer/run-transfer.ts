import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import { waitUntil } from '../paced.ts';
import { downloadOnce, uploadOnce } from './transfer-once.ts';
import { megabitsPerSecond, TransferWindow } from './transfer-window.ts';

export interface TransferPlan {
  url: URL;
  direction: 'download' | 'upload';
  durationMs: number;
  /** The share of the duration left out of the throughput, at its start. */
  rampUp: number;
  threads: { initial: number; max: number };
  connectTimeoutMs: number;
  transferTimeoutMs: number;
}

export interface TransferOutcome {
  /** Every byte moved, ramp-up included. */
  bytes: number;
  /** From the end of the ramp-up to the end; undefined when the ramp-up took the whole duration. */
  throughputMbps?: number;
  sliceThroughputsMbps: number[];
  /**
   * Requests made and the errors of those that failed; a request cut by the test's end did not fail, and is not
   * counted if it had moved nothing yet.
   */
  requests: number;
  failures: Error[];
  address?: string;
}

/** How often the transfer is read: the slices of the percentiles and the ramp-up's decisions. */
const readingIntervalMs = 250;
/** A thread whose request failed tries again after this, so that a refusing server is not hammered. */
const retryPauseMs = 100;
/** During the ramp-up, a reading this much above the one before adds a connection. */
const growthToAddAThread = 1.1;

/**
 * A throughput test: `threads.initial` connections move bytes for the duration, each one request after another (a
 * download read to its end, an upload until the server's cap). While the ramp-up lasts, a connection is added, up to
 * `threads.max`, at each reading that is 10 % above the one before: the link still takes more than the connections
 * give it. After the ramp-up the number of connections is fixed; without a ramp-up, `max` is not used.
 */
export async function runTransfer(plan: TransferPlan, signal: AbortSignal): Promise<TransferOutcome> {
  const end = new AbortController();
  const stop = AbortSignal.any([signal, end.signal]);
  let moved = 0;
  const window = new TransferWindow(() => moved);
  const failures: Error[] = [];
  const agents: (HttpAgent | HttpsAgent)[] = [];
  const threads: Promise<void>[] = [];
  let requests = 0;
  let address: string | undefined;

  const thread = async () => {
    const agent =
      plan.url.protocol === 'https:' ? new HttpsAgent({ keepAlive: true }) : new HttpAgent({ keepAlive: true });
    agents.push(agent);
    const once = plan.direction === 'download' ? downloadOnce : uploadOnce;
    while (!stop.aborted) {
      requests++;
      let movedByThisRequest = 0;
      try {
        const remote = await once(plan.url, {
          agent,
          signal: stop,
          connectTimeoutMs: plan.connectTimeoutMs,
          transferTimeoutMs: plan.transferTimeoutMs,
          moved: (bytes) => {
            movedByThisRequest += bytes;
            moved += bytes;
          },
        });
        address ??= remote;
      } catch (error) {
        // Cut by the end before it moved a byte, a request neither failed nor succeeded: it is not counted.
        if (stop.aborted && movedByThisRequest === 0) requests--;
        if (stop.aborted) break;
        failures.push(error as Error);
        await waitUntil(performance.now() + retryPauseMs, stop);
      }
    }
  };
  const addThread = () => threads.push(thread());

  const started = performance.now();
  const rampUpMs = plan.rampUp * plan.durationMs;
  let previous = { at: started, bytes: 0, rate: Number.POSITIVE_INFINITY };
  const readings = setInterval(() => {
    const now = performance.now();
    const rate = megabitsPerSecond(window.bytes - previous.bytes, now - previous.at);
    const rampingUp = now - started < rampUpMs;
    if (rampingUp && threads.length < plan.threads.max && rate > previous.rate * growthToAddAThread) addThread();
    previous = { at: now, bytes: window.bytes, rate };
    window.read();
  }, readingIntervalMs);

  if (rampUpMs === 0) window.open();
  for (let index = 0; index < plan.threads.initial; index++) addThread();
  if (rampUpMs > 0 && (await waitUntil(started + rampUpMs, signal)) && rampUpMs < plan.durationMs) window.open();
  await waitUntil(started + plan.durationMs, signal);
  window.close();
  clearInterval(readings);
  end.abort();
  await Promise.all(threads);
  for (const agent of agents) agent.destroy();

  const throughputMbps = window.throughputMbps();
  return {
    bytes: window.bytes,
    ...(throughputMbps === undefined ? {} : { throughputMbps }),
    sliceThroughputsMbps: window.sliceThroughputsMbps(),
    requests,
    failures,
    ...(address ? { address } : {}),
  };
}
