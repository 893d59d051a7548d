/**
 * A regulator's national panel on the platform, made through its own API and then run: BENCH_PROBES probes (fixed and
 * mobile) over Spain's 50 provinces by population, 5 operators as providers (IMSI prefixes, IP ranges), task suites,
 * 100 campaigns with provincial polygons, BENCH_CLUSTERS clusters (two national samples of 10,000 and 1,000 probes
 * among them) and universes. The platform runs as `npm start` does, in a process of its own, without the demo data
 * (embedded profile; BENCH_PROFILE=distributed for the real servers, a fresh database and prefixes); its first
 * administrator made by `nq admin create`. Each step prints one row: wall time, throughput, the platform process's CPU
 * (of /proc) and resident memory, this process's CPU; then each screen's route p50/p95 and response bytes.
 *   1 config      providers, task suites, campaigns
 *   2 import      the probes through the console's CSV import (files of the most rows it allows), then how long
 *                 the probes list took to count them all
 *   3 groups      clusters and universes with their members
 *   4 heartbeats  credentials for every probe, then one status report a minute from each for
 *                 BENCH_HEARTBEAT_SECONDS (120), with the status lag (sent → in GET /probes/{id}/status) sampled
 *   5 results     BENCH_RESULTS_PER_SECOND (0: skipped) results through the gateway for BENCH_RESULTS_SECONDS (60)
 *   6 screens     the screens' routes, cold then BENCH_RUNS (20) times each, in whichever form they have today
 *                 (paged or whole, by window or whole: read from the platform's OpenAPI document)
 * BENCH_STEPS=4,6 (or --steps 4-6, or names) runs a part; on a fresh platform the steps it needs run too. BENCH_KEEP=1
 * keeps the run's data; BENCH_RUN=<the run printed> starts on it again, for the chosen steps alone. The panel is the
 * same for the same BENCH_SEED (42), BENCH_PROBES and BENCH_CLUSTERS. BENCH_CONCURRENCY (8) requests at once when
 * creating; BENCH_IN_FLIGHT (256) at most for the gateway's loads; BENCH_RESULTS_BATCH (10) results a request.
 *   BENCH_PROBES=2000 npm run bench:panel
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { configurationStep } from './panel/configuration-step.ts';
import { issueCredentials } from './panel/credentials-step.ts';
import { findSampleClusters, groupsStep } from './panel/groups-step.ts';
import { heartbeatStep } from './panel/heartbeat-step.ts';
import { importStep, probesListedStep } from './panel/import-step.ts';
import { panelClient } from './panel/panel-http.ts';
import { generatePanel } from './panel/panel-model.ts';
import { startPanelPlatform } from './panel/panel-platform.ts';
import type { PanelRun } from './panel/panel-run.ts';
import { chooseSteps, type StepName } from './panel/panel-steps.ts';
import { resultsStep } from './panel/results-step.ts';
import { printScreens, type ScreenRow } from './panel/screen-timing.ts';
import { screensStep } from './panel/screens-step.ts';
import { type StepOutcome, stepTable } from './panel/step-table.ts';
import { components, pidsOf } from './process-cpu.ts';
import { residentBytesOf } from './process-usage.ts';

const variable = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const size = {
  probes: variable('BENCH_PROBES', 100_000),
  clusters: variable('BENCH_CLUSTERS', 1_000),
  seed: variable('BENCH_SEED', 42),
};
const runs = variable('BENCH_RUNS', 20);
const concurrency = variable('BENCH_CONCURRENCY', 8);
const maxInFlight = variable('BENCH_IN_FLIGHT', 256);
const resultsPerSecond = variable('BENCH_RESULTS_PER_SECOND', 0);
const profile = process.env.BENCH_PROFILE ?? 'embedded';
const { values: args } = parseArgs({ options: { steps: { type: 'string' } }, strict: false });

const generatedAt = performance.now();
const panel = generatePanel(size);
console.info(
  `[panel bench] ${size.probes.toLocaleString('en')} probes, ${size.clusters.toLocaleString('en')} clusters, seed ` +
    `${size.seed}: generated in ${(performance.now() - generatedAt).toFixed(0)} ms; ${profile} profile; load average ` +
    `${loadavg()[0]!.toFixed(1)}`,
);

const selection = (args.steps as string | undefined) ?? process.env.BENCH_STEPS;
// A selection naming no step is refused before the platform starts (it was left running when refused after).
chooseSteps(selection, true);
const platform = await startPanelPlatform(profile, {
  ...(process.env.BENCH_RUN ? { run: process.env.BENCH_RUN } : {}),
  keep: process.env.BENCH_KEEP === '1',
});
const steps = chooseSteps(selection, !platform.kept);
const platformPids = () => [platform.pid];
const startRss = residentBytesOf(platformPids());
const serverPids = () =>
  profile === 'distributed'
    ? [...pidsOf(components.elasticsearch), ...pidsOf(components.kafka), ...pidsOf('^postgres')]
    : [];
console.info(
  `[panel bench] platform process ${platform.pid} at ${platform.address}, run ${platform.run}` +
    `${platform.kept ? ' (its kept data)' : ''}; RSS at start ${(startRss / 1_048_576).toFixed(0)} MB`,
);

const run: PanelRun = {
  panel,
  address: platform.address,
  session: platform.session,
  admin: panelClient(platform.address, platform.session.credentials),
  concurrency,
  probeCredentials: new Map(),
  clusterIds: new Map(),
};
const table = stepTable(platformPids, serverPids);
const step = async (name: StepName, label: string, work: () => Promise<StepOutcome>) => {
  if (!steps.runs(name)) return;
  await table.measure(steps.prerequisite(name) ? `${label} (needed by the steps chosen)` : label, work);
};
const screenRows: ScreenRow[] = [];
let loadedRss: number | undefined;

try {
  await step('config', '1 providers, task suites, campaigns', () => configurationStep(run));
  await step('import', '2 import the probes (CSV)', () => importStep(run));
  await step('import', '2b until the probes list counts them', () => probesListedStep(run));
  await step('groups', '3 clusters and universes', () => groupsStep(run));
  if (steps.runs('import')) loadedRss = residentBytesOf(platformPids());
  await step('heartbeats', '4a gateway credentials', () => issueCredentials(run, panel.probes));
  await step('heartbeats', '4b heartbeats, one a minute each', () =>
    heartbeatStep(run, {
      seconds: variable('BENCH_HEARTBEAT_SECONDS', 120),
      maxInFlight,
      lagSampleEveryMs: variable('BENCH_LAG_SAMPLE_MS', 1_000),
      seed: size.seed,
    }),
  );
  if (resultsPerSecond <= 0 && steps.runs('results'))
    console.info('[panel bench] 5 results skipped: BENCH_RESULTS_PER_SECOND=0');
  if (resultsPerSecond > 0 && steps.runs('results')) {
    const batch = variable('BENCH_RESULTS_BATCH', 10);
    // Without step 4 this time, the results come from the first thousand probes.
    const senders = panel.probes.slice(0, 1_000);
    if (senders.some((probe) => !run.probeCredentials.has(probe.probeId)))
      await step('results', '5a gateway credentials (results)', () => issueCredentials(run, senders));
    await step('results', `5b results at ${resultsPerSecond}/s`, () =>
      resultsStep(run, {
        perSecond: resultsPerSecond,
        seconds: variable('BENCH_RESULTS_SECONDS', 60),
        batch,
        maxInFlight,
        seed: size.seed,
      }),
    );
  }
  if (steps.runs('screens')) await findSampleClusters(run);
  await step('screens', '6 screens', () => screensStep(run, runs, screenRows));
} finally {
  table.print();
  if (screenRows.length) printScreens(screenRows, runs);
  const mb = (bytes: number) => `${(bytes / 1_048_576).toFixed(0)} MB`;
  const endRss = residentBytesOf(platformPids());
  const perPanel = loadedRss !== undefined ? ((loadedRss - startRss) / size.probes) * 100_000 : undefined;
  console.info(
    `\nplatform RSS: ${mb(startRss)} at start` +
      (loadedRss !== undefined ? `, ${mb(loadedRss)} after loading (${mb(perPanel!)} per 100,000 probes)` : '') +
      `, ${mb(endRss)} at the end`,
  );
  if (process.env.BENCH_KEEP === '1')
    console.info(`kept: BENCH_RUN=${platform.run} BENCH_PROFILE=${profile} starts on this run's data again`);
  await platform.stop();
}
