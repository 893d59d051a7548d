/**
 * Soak: the platform under a steady mix for a long time, to see whether anything grows. Starts it in this process
 * (distributed on the real servers by default: a fresh database, index and topic prefix; BENCH_PROFILE=embedded),
 * runs the fleet simulator at SOAK_RATE results/s (500) for SOAK_MINUTES (30), and beside it an analyst's reads
 * (the storyboard and a graphic, each every 2 s) and an administrator's configuration commands (a tag created and
 * renamed every second). Prints one line a minute — memory, event-loop delay, results received and indexed, the
 * backlog between them, the ingest and projection lags, errors — then the trend of memory and backlog over the run
 * (least squares over the minutes after the first quarter, memory read after a collection) and a conclusion.
 *   npm run soak                        SOAK_MINUTES=30 SOAK_RATE=500
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { signRequest } from '@nq/contracts/identity/request-signing';
import { demoAdministrator } from '@nq/services/demo/demo-fleet';
import { demoLogins } from '@nq/services/demo/load-demo';
import { fleetOptions } from '@nq/services/simulator/fleet-options';
import { runFleet } from '@nq/services/simulator/fleet-simulator';
import type { Histogram } from 'prom-client';
import { logInAs, startBenchPlatform } from './bench-platform.ts';

const minutes = Number(process.env.SOAK_MINUTES ?? 30);
const rate = Number(process.env.SOAK_RATE ?? 500);
const { run, profile, platform, address, stop } = await startBenchPlatform('soak', 'distributed');

let received = 0;
let indexed = 0;
const counters = await Promise.all(
  [
    [platform.topics.measurementsRaw, () => received++],
    [platform.topics.measurementsEnriched, () => indexed++],
  ].map(([topic, count], index) =>
    platform.log.consume({
      groupId: `soak-${run}-${index}`,
      topics: [topic as string],
      handle: async (records) => {
        for (const _ of records) (count as () => void)();
      },
    }),
  ),
);

type Credentials = { clientId: string; clientSecret: string };
const [admin, analyst] = await Promise.all(demoLogins.map((login) => logInAs(address, login)));
let errors = 0;
let calls = 0;
async function call(credentials: Credentials, method: string, path: string, payload?: object) {
  const body = payload === undefined ? undefined : JSON.stringify(payload);
  const authorization = await signRequest(credentials, { method, url: path, ...(body ? { body } : {}) });
  calls += 1;
  const response = await fetch(`${address}${path}`, {
    method,
    headers: { authorization, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body } : {}),
  }).catch(() => undefined);
  if (!response || response.status >= 400) errors += 1;
  return response?.ok ? ((await response.json()) as Record<string, unknown>) : undefined;
}

const stopped = new AbortController();
const every = (ms: number, work: () => Promise<unknown>) =>
  (async () => {
    while (!stopped.signal.aborted) {
      await Promise.all([work(), new Promise((resolve) => setTimeout(resolve, ms))]);
    }
  })();
let serial = 0;
const loops = [
  every(2_000, () => call(analyst!, 'GET', '/api/storyboard')),
  every(2_000, () =>
    call(analyst!, 'POST', '/api/graphic', { kpi: 'download', granularity: 'hours', programs: ['speedtest'] }),
  ),
  every(1_000, async () => {
    const created = await call(admin!, 'POST', '/tags', { name: `Soak ${run} ${++serial}` });
    if (created) await call(admin!, 'PUT', `/tags/${created.id}`, { name: `Soak ${run} ${serial} renamed` });
  }),
];

const options = fleetOptions([], { ...demoAdministrator(), url: address, probes: 50, rate, seconds: minutes * 60 });
console.info(
  `[soak] ${profile} profile, ${options.probes} probes at ${rate} results/s for ${minutes} min, ` +
    'with the storyboard and a graphic every 2 s and a tag created and renamed every second',
);
const fleet = runFleet({ ...options, signal: stopped.signal }, run);

const loopDelay = monitorEventLoopDelay({ resolution: 20 });
loopDelay.enable();
/** The mean of a histogram's observations since the last look, in seconds. */
const meanSince = (name: string) => {
  let last = { sum: 0, count: 0 };
  return async () => {
    const metric = platform.metrics.getSingleMetric(name) as Histogram | undefined;
    const values = (await metric?.get())?.values ?? [];
    const total = (suffix: string) =>
      values.filter((value) => value.metricName === `${name}_${suffix}`).reduce((sum, value) => sum + value.value, 0);
    const now = { sum: total('sum'), count: total('count') };
    const mean = now.count > last.count ? (now.sum - last.sum) / (now.count - last.count) : Number.NaN;
    last = now;
    return mean;
  };
};
const ingestLag = meanSince('nq_ingest_lag_seconds');
const projectionLag = meanSince('nq_projection_lag_seconds');

interface Minute {
  minute: number;
  rssMb: number;
  heapMb: number;
  backlog: number;
}
const minutesSeen: Minute[] = [];
console.info(
  'minute | RSS MB | heap MB | event loop p99 ms | received | indexed | backlog | ingest lag s | projection lag s | calls | errors',
);
let before = { received: 0, indexed: 0, calls: 0, errors: 0 };
for (let minute = 1; minute <= minutes; minute += 1) {
  await new Promise((resolve) => setTimeout(resolve, 60_000));
  // What stays after a collection (npm run soak exposes gc): heap read between collections swings by hundreds of MB.
  (globalThis as { gc?: () => void }).gc?.();
  const memory = process.memoryUsage();
  const row: Minute = {
    minute,
    rssMb: memory.rss / 1_048_576,
    heapMb: memory.heapUsed / 1_048_576,
    backlog: received - indexed,
  };
  minutesSeen.push(row);
  console.info(
    [
      minute,
      row.rssMb.toFixed(0),
      row.heapMb.toFixed(0),
      (loopDelay.percentile(99) / 1e6).toFixed(1),
      received - before.received,
      indexed - before.indexed,
      row.backlog,
      (await ingestLag()).toFixed(2),
      (await projectionLag()).toFixed(3),
      calls - before.calls,
      errors - before.errors,
    ].join(' | '),
  );
  loopDelay.reset();
  before = { received, indexed, calls, errors };
}

stopped.abort();
const report = await fleet;
await Promise.all(loops);

/** Least-squares slope per minute, leaving out the first quarter of the run (start-up, caches and pools filling). */
const warmUpMinutes = Math.max(1, Math.floor(minutes / 4));
function slope(values: number[]) {
  const points = values.slice(warmUpMinutes).map((value, index) => [index, value] as const);
  if (points.length < 2) return 0;
  const meanX = points.reduce((sum, [x]) => sum + x, 0) / points.length;
  const meanY = points.reduce((sum, [, y]) => sum + y, 0) / points.length;
  const numerator = points.reduce((sum, [x, y]) => sum + (x - meanX) * (y - meanY), 0);
  const denominator = points.reduce((sum, [x]) => sum + (x - meanX) ** 2, 0);
  return numerator / denominator;
}
const rssSlope = slope(minutesSeen.map((row) => row.rssMb));
const heapSlope = slope(minutesSeen.map((row) => row.heapMb));
const backlogSlope = slope(minutesSeen.map((row) => row.backlog));
console.info(
  `gateway: ${report.accepted} accepted, ${report.rejected} rejected per item, ${report.failedRequests} failed requests; ` +
    `reads and commands: ${calls} calls, ${errors} errors`,
);
console.info(
  `trend per minute after the first ${warmUpMinutes}: RSS ${rssSlope.toFixed(2)} MB, heap ${heapSlope.toFixed(2)} MB, backlog ${backlogSlope.toFixed(0)} results`,
);
const growing = heapSlope > 1 || backlogSlope > rate;
console.info(
  growing
    ? 'conclusion: something grows (heap over 1 MB a minute or a backlog over a second of results a minute): look at it'
    : 'conclusion: no growth trend in heap or backlog',
);

for (const counter of counters) await counter.stop();
await stop();
