/**
 * The target: with 1,000 enabled alerts, the evaluator keeps up with the fleet simulator's 1,000 results/s for 60 s
 * and records a history entry within 1 s (p99) of the result that closed its window reaching the gateway.
 *
 * Starts the platform in this process (the distributed profile on the real servers by default: a fresh database,
 * index and topic prefix; BENCH_PROFILE=embedded for PGlite and the table-backed log), registers the fleet, gives
 * each landline probe a universe of its own and spreads BENCH_ALERTS (1,000) landline alerts over them (grouped by
 * probe, 1-minute windows, one measurement enough, a condition the fleet's results nearly always meet), then starts
 * the alerting process — its own OS process on the distributed profile, as `node services/src/cli.ts alerting` runs;
 * in this one on the embedded profile, whose PGlite one process owns — and drives the fleet through the gateway.
 *
 * Lags, from the evaluator's histograms (interpolated within their buckets, as Prometheus' histogram_quantile does):
 *   evaluation — per measurement applied, from its arrival at the gateway (receivedAt) to the commit counting it;
 *   decision  — per history entry a measurement decided (the first of a later window for its group), from that
 *               measurement's arrival at the gateway to the commit recording the entry.
 *   BENCH_SECONDS=60 BENCH_RATE=1000 npm run bench:alerting
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import type { AlertCondition } from '@nq/contracts';
import { servicesOf } from '@nq/platform/entities/entity-catalog';
import { readAll } from '@nq/platform/read-store/read-all';
import { demoAdministrator } from '@nq/services/demo/demo-fleet';
import { fleetOptions } from '@nq/services/simulator/fleet-options';
import { registerFleet, runFleet } from '@nq/services/simulator/fleet-simulator';
import { startBenchPlatform } from './bench-platform.ts';

const alertCount = Number(process.env.BENCH_ALERTS ?? 1_000);
const { run, profile, platform, address, stop, settings } = await startBenchPlatform('alerting', 'distributed');
const options = fleetOptions(process.argv.slice(2), {
  ...demoAdministrator(),
  url: address,
  probes: 100,
  rate: Number(process.env.BENCH_RATE ?? 1_000),
  seconds: Number(process.env.BENCH_SECONDS ?? 60),
});
const say = (line: string) => console.info(`[alerting bench] ${line}`);

// Conditions the fleet's landline results meet nearly always, one per program it runs, so that windows fire on.
const conditions: AlertCondition[] = [
  { program: 'speedtest', kpi: 'latency', operator: 'gt', value: 0 },
  { program: 'ping', kpi: 'latency', operator: 'gt', value: 1 },
  { program: 'dns', kpi: 'resolution', operator: 'gt', value: 0 },
  { program: 'web', kpi: 'loadTime', operator: 'gt', value: 100 },
  { program: 'youtube', kpi: 'mos', operator: 'lt', value: 5 },
  { program: 'gaming', kpi: 'latency', operator: 'gt', value: 1 },
];

const { fleet } = await registerFleet(options, run);
const landline = fleet.filter((probe) => probe.type === 'landline');
const services = servicesOf(platform.entities);
const context = (key: string) => ({
  actor: { userId: 'system', profileId: 'demo-admin' },
  commandId: `bench-${run}-${key}`,
  correlationId: `bench-alerting-${run}`,
  now: new Date(),
});
const since = new Date(Date.now() - 86_400_000).toISOString();
const universes = landline.map((probe) => `bench-universe-${probe.probeId}`);
for (const [index, probe] of landline.entries())
  await services.universe.execute(
    {
      type: 'create',
      id: universes[index]!,
      fields: { name: `Bench ${probe.probeId}`, probes: [{ probeId: probe.probeId, start: since }] },
    },
    context(`universe-${index}`),
  );
const createdAt = performance.now();
for (let index = 0; index < alertCount; index++)
  await services.alert.execute(
    {
      type: 'create',
      id: `bench-alert-${index}`,
      fields: {
        name: `Bench alert ${index}`,
        type: 'landline',
        conditions: [conditions[index % conditions.length]!],
        interval: { value: 1, unit: 'minute' },
        eventsCount: 1,
        universes: [universes[index % universes.length]!],
        grouping: 'probe',
      },
    },
    context(`alert-${index}`),
  );
say(
  `${landline.length} universes and ${alertCount} alerts created in ${((performance.now() - createdAt) / 1000).toFixed(1)} s`,
);
while ((await readAll(platform.readStore, 'alertConfigs')).length < alertCount + 3)
  await new Promise((resolve) => setTimeout(resolve, 250));

/** The alerting process: its pid (for /proc) and its metrics' text. */
async function startEvaluator(): Promise<{ pid: number; metrics: () => Promise<string>; stop: () => Promise<void> }> {
  if (profile === 'embedded') {
    const stopAlerting = await platform.startWorkers({ processes: ['alerting'] });
    return { pid: process.pid, metrics: () => platform.metrics.metrics(), stop: stopAlerting };
  }
  const child = spawn(
    process.execPath,
    [...process.execArgv, new URL('./alerting-process.ts', import.meta.url).pathname],
    {
      env: { ...process.env, ...settings, BENCH_METRICS_PORT: '0' },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the alerting process ended (${code})`)));
    child.stdout.on('data', (chunk: Buffer) => {
      const listening = /listening (\d+)/.exec(chunk.toString());
      if (listening) resolve(Number(listening[1]));
    });
  });
  return {
    pid: child.pid!,
    metrics: async () => (await fetch(`http://127.0.0.1:${port}/metrics`)).text(),
    stop: async () => {
      child.kill('SIGTERM');
      if (child.exitCode === null) await once(child, 'exit');
    },
  };
}

const ticksPerSecond = 100; // USER_HZ on Linux
const cpuSeconds = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
};
const peakRssMb = (pid: number) =>
  Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

/** A histogram of the metrics' text: its cumulative buckets and count. */
function histogram(text: string, name: string) {
  const buckets = [...text.matchAll(new RegExp(`^${name}_bucket\\{le="([^"]+)"\\} (\\S+)$`, 'gm'))].map(
    ([, le, count]) => ({ le: le === '+Inf' ? Number.POSITIVE_INFINITY : Number(le), count: Number(count) }),
  );
  const count = Number(new RegExp(`^${name}_count (\\S+)$`, 'm').exec(text)?.[1] ?? 0);
  const quantile = (q: number) => {
    const rank = q * count;
    let previous = { le: 0, count: 0 };
    for (const bucket of buckets) {
      if (bucket.count >= rank && count > 0) {
        if (bucket.le === Number.POSITIVE_INFINITY) return previous.le;
        const share = bucket.count === previous.count ? 1 : (rank - previous.count) / (bucket.count - previous.count);
        return previous.le + share * (bucket.le - previous.le);
      }
      previous = bucket;
    }
    return 0;
  };
  const maxBound = buckets.find((bucket) => bucket.count >= count)?.le ?? 0;
  const row = () =>
    count === 0
      ? 'none'
      : `${[0.5, 0.9, 0.99].map((q) => quantile(q).toFixed(3)).join(' / ')} / ≤ ${maxBound === Number.POSITIVE_INFINITY ? '> 60' : maxBound}`;
  return { count, quantile, row };
}

let enriched = 0;
const counter = await platform.log.consume({
  groupId: `bench-alerting-${run}`,
  topics: [platform.topics.measurementsEnriched],
  handle: async (records) => {
    enriched += records.length;
  },
});

const evaluator = await startEvaluator();
const cpuBefore = cpuSeconds(evaluator.pid);
say(
  `${profile} profile, alerting process ${evaluator.pid}; ${options.probes} probes (${landline.length} landline), ` +
    `target ${options.rate} results/s for ${options.seconds} s`,
);
// A short run starts so that a minute boundary falls in its middle: windows close, entries are written.
const sinceBoundaryMs = (Date.now() + (options.seconds * 1000) / 2) % 60_000;
if (options.seconds < 60) await new Promise((resolve) => setTimeout(resolve, 60_000 - sinceBoundaryMs));
const report = await runFleet({ ...options, log: (line) => say(line) }, run);
const applied = async () => histogram(await evaluator.metrics(), 'nq_alert_evaluation_lag_seconds').count;
const drainUntil = Date.now() + 60_000;
while (Date.now() < drainUntil && (enriched < report.accepted || (await applied()) < enriched))
  await new Promise((resolve) => setTimeout(resolve, 250));
const cpu = cpuSeconds(evaluator.pid) - cpuBefore;
const rss = peakRssMb(evaluator.pid);
const text = await evaluator.metrics();
const evaluation = histogram(text, 'nq_alert_evaluation_lag_seconds');
const decision = histogram(text, 'nq_alert_decision_lag_seconds');
const ingest = histogram(await platform.metrics.metrics(), 'nq_ingest_lag_seconds');
const entries = await platform.sql.query<{ state: string; count: string }>(
  `select state, count(*)::text as count from alert_history where alert_id like 'bench-alert-%' group by state`,
);
const entryCount = entries.reduce((total, row) => total + Number(row.count), 0);

const sent = report.accepted + report.rejected;
const rows = [
  ['alerts', `${alertCount} enabled (landline, by probe, 1-minute windows) over ${landline.length} probes`],
  ['results sent', `${sent} in ${report.seconds.toFixed(1)} s (${Math.round(sent / report.seconds)}/s)`],
  ['accepted / enriched', `${report.accepted} / ${enriched}`],
  ['measurements applied', String(evaluation.count)],
  ['entries written', `${entryCount} (${entries.map((row) => `${row.state} ${row.count}`).join(', ')})`],
  ['… decided by a measurement', String(decision.count)],
  ['evaluation lag s p50/p90/p99/max', evaluation.row()],
  ['decision lag s p50/p90/p99/max', decision.row()],
  ['… ingest (gateway → indexed)', ingest.row()],
  [
    'alerting CPU',
    `${cpu.toFixed(1)} s = ${((cpu * 1000) / Math.max(1, evaluation.count / 1000)).toFixed(0)} ms per 1,000 measurements` +
      (profile === 'embedded' ? ' (the whole platform: one process)' : ''),
  ],
  ['alerting peak RSS MB', rss.toFixed(0)],
  ['target', `decision lag p99 < 1 s: ${decision.count > 0 && decision.quantile(0.99) < 1 ? 'met' : 'MISSED'}`],
];
console.info(rows.map(([name, value]) => `${name!.padEnd(34)} | ${value}`).join('\n'));

await evaluator.stop();
await counter.stop();
await stop();
