/**
 * The target: the fleet simulator sustains 1,000 results/s for 60 s into the probe gateway. Starts the platform
 * in this process (the distributed profile on the real servers by default: a fresh database, index and topic prefix;
 * BENCH_PROFILE=embedded for PGlite and the table-backed log), loads the demo logins, runs the simulator against it
 * over HTTP and counts what reached `measurements.raw`. Options as the simulator's: --probes, --rate, --seconds…
 *   npm run bench:fleet -- --rate 1000 --seconds 60
 * BENCH_SEARCH=1000,2000,4000,7000,10000 finds the gateway's capacity instead: each rate in turn for --seconds, until
 * one is not sustained (sent below 97 % of it: the simulator paces by whole batches) or its requests' p99 reaches 500 ms; the last one met is the capacity.
 * BENCH_PROCESSES=1 runs the API and ingest as processes of their own (the simulator then shares no event loop with
 * the gateway), and the search prints each process's CPU µs per accepted result (the gateway's is what a deployment
 * sizes its api replicas by); by default the whole platform runs in this process beside the simulator.
 */
import { demoAdministrator } from '@nq/services/demo/demo-fleet';
import { fleetOptions, percentile } from '@nq/services/simulator/fleet-options';
import { runFleet } from '@nq/services/simulator/fleet-simulator';
import { startBenchPlatform } from './bench-platform.ts';
import { components, cpuMicrosOf, pidsOf } from './process-cpu.ts';

// BENCH_PROCESSES=1: the API (the gateway) and ingest as OS processes of their own, as deployed.
const separate = process.env.BENCH_PROCESSES === '1';
const {
  run,
  profile,
  platform,
  address,
  stop,
  pidsOf: platformPidsOf,
} = await startBenchPlatform('fleet', 'distributed', { separate });

/**
 * CPU µs per accepted result of each process since the meter started: the gateway (the API process), ingest, the
 * servers, and this process (the simulator signing requests, the projector); with BENCH_PROCESSES=1 only.
 */
function processMeter() {
  const pids = {
    gateway: platformPidsOf('api'),
    ingest: platformPidsOf('ingest'),
    elasticsearch: pidsOf(components.elasticsearch),
    kafka: pidsOf(components.kafka),
  };
  const read = () => {
    const own = process.cpuUsage();
    return {
      gateway: cpuMicrosOf(pids.gateway),
      ingest: cpuMicrosOf(pids.ingest),
      elasticsearch: cpuMicrosOf(pids.elasticsearch),
      kafka: cpuMicrosOf(pids.kafka),
      'simulator and projector': own.user + own.system,
    };
  };
  const start = read();
  return (items: number) => {
    const now = read();
    return Object.entries(now)
      .map(
        ([name, micros]) => `${name} ${((micros - start[name as keyof typeof start]) / Math.max(items, 1)).toFixed(0)}`,
      )
      .join(' · ');
  };
}

let delivered = 0;
const counter = await platform.log.consume({
  groupId: `bench-fleet-${run}`,
  topics: [platform.topics.measurementsRaw],
  handle: async (records) => {
    delivered += records.length;
  },
});

const options = fleetOptions(process.argv.slice(2), {
  ...demoAdministrator(),
  url: address,
  probes: 50,
  rate: 1_000,
  seconds: 60,
});
const searched = process.env.BENCH_SEARCH?.split(',').map(Number);
if (searched) {
  const rows: string[][] = [];
  let capacity = 0;
  for (const [step, target] of searched.entries()) {
    // Probes enough that each sends a batch a second of a realistic size (the simulator's mix).
    const probes = Math.max(options.probes, Math.ceil(target / 20));
    const meter = separate ? processMeter() : undefined;
    const report = await runFleet({ ...options, rate: target, probes, log: () => undefined }, `${run}s${step}`);
    const cpu = meter?.(report.accepted) ?? '';
    const latencies = report.latencies.sort((a, b) => a - b);
    const sentRate = (report.accepted + report.rejected) / report.seconds;
    const p99 = percentile(latencies, 0.99);
    const met = sentRate >= target * 0.97 && p99 < 500 && report.failedRequests === 0;
    rows.push([
      String(target),
      String(probes),
      Math.round(sentRate).toLocaleString('en'),
      `${percentile(latencies, 0.5).toFixed(1)} / ${p99.toFixed(1)}`,
      String(report.failedRequests),
      met ? 'sustained' : 'not sustained',
      ...(separate ? [cpu] : []),
    ]);
    console.info(`[fleet bench] ${target}/s: ${rows.at(-1)!.join(' | ')}`);
    if (!met) break;
    capacity = target;
  }
  console.info(
    `| target results/s | probes | sent/s | request p50 / p99 ms | failed requests | outcome |${separate ? ' CPU µs per result |' : ''}\n|---|---|---|---|---|---|${separate ? '---|' : ''}\n${rows
      .map((row) => `| ${row.join(' | ')} |`)
      .join(
        '\n',
      )}\ncapacity: ${capacity.toLocaleString('en')} results/s sustained for ${options.seconds} s with p99 < 500 ms ` +
      `(target 10,000: ${capacity >= 10_000 ? 'met' : 'missed'})`,
  );
  await counter.stop();
  await stop();
  process.exit(0);
}
console.info(
  `[fleet bench] ${profile} profile, ${options.probes} probes, target ${options.rate} results/s for ${options.seconds} s ` +
    `(${(options.malformedShare * 100).toFixed(1)} % malformed), batches every ${options.flushEveryMs} ms`,
);
const memoryBefore = process.memoryUsage().rss;
const report = await runFleet({ ...options, log: (line) => console.info(`[fleet bench] ${line}`) }, run);
const drainUntil = Date.now() + 30_000;
while (delivered < report.accepted && Date.now() < drainUntil) await new Promise((resolve) => setTimeout(resolve, 200));

const latencies = report.latencies.sort((a, b) => a - b);
const sent = report.accepted + report.rejected;
const rate = sent / report.seconds;
const rows = [
  ['probes', String(report.probes)],
  ['seconds', `${report.seconds.toFixed(1)} (+ ${report.drainSeconds.toFixed(1)} to send the last batches)`],
  ['results sent', `${sent} (${Math.round(rate)}/s)`],
  ['accepted by the gateway', String(report.accepted)],
  ['rejected per item', `${report.rejected} (${report.malformedSent} sent malformed)`],
  ['on measurements.raw', String(delivered)],
  ['status reports', String(report.statusReports)],
  ['gateway requests', `${report.requests} (${report.failedRequests} failed)`],
  ['request p50 / p99 ms', `${percentile(latencies, 0.5).toFixed(1)} / ${percentile(latencies, 0.99).toFixed(1)}`],
  ['process RSS growth MB', ((process.memoryUsage().rss - memoryBefore) / 1_048_576).toFixed(0)],
  ['target', `≥ ${options.rate} results/s for ${options.seconds} s: ${rate >= options.rate * 0.99 ? 'met' : 'MISSED'}`],
];
console.info(rows.map(([name, value]) => `${name!.padEnd(26)} | ${value}`).join('\n'));

await counter.stop();
await stop();
