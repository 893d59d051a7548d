/**
 * The k6 load scenarios (load-tests/k6/), played by Node where k6 cannot be had: the same scenario modules — requests,
 * mixes, signing, thresholds — run by an executor like k6's constant-arrival-rate, and one table per scenario with
 * the figures k6's summary gives (requests, rate, http_req_duration avg/p50/p90/p95/p99/max, http_req_failed,
 * thresholds). Without BASE_URL it starts the platform as `npm start` does, in a process of its own, distributed on
 * the real servers (BENCH_PROFILE=embedded for the embedded one) with the demo and its weeks of history; with BASE_URL
 * it plays against that platform (its logins: ADMIN_EMAIL… as for k6).
 *   npm run bench:k6        BENCH_SCENARIOS=analyst_reads,configuration_commands,probe_ingestion
 *                           RATE, DURATION, VUS (each scenario's own defaults otherwise), PROBES, BATCH
 */

import { loadavg } from 'node:os';
import { scenarios } from '../k6/scenarios/index.ts';
import type { Env, Scenario } from '../k6/scenarios/scenario.ts';
import { runScenario } from './k6-like-run.ts';
import { summaryOf } from './k6-summary.ts';
import { nodeRuntime } from './node-k6-runtime.ts';
import { startPlatformProcess } from './platform-process.ts';

const env: Env = process.env;
const chosen = (
  env.BENCH_SCENARIOS ??
  Object.values(scenarios)
    .map((scenario) => scenario.name)
    .join(',')
).split(',');
const selected = Object.values(scenarios).filter((scenario) => chosen.includes(scenario.name)) as Scenario<unknown>[];

const platform = env.BASE_URL
  ? { address: env.BASE_URL.replace(/\/$/, ''), stop: async () => {}, output: () => '' }
  : await startPlatformProcess('k6', env.BENCH_PROFILE ?? 'distributed');
const history = /Demo history: .*/.exec(platform.output())?.[0];
console.info(`[k6 scenarios] against ${platform.address}${history ? ` (${history})` : ''}`);

let passed = true;
try {
  for (const scenario of selected) {
    const profile = scenario.profile(env);
    console.info(
      `\n[k6 scenarios] ${scenario.name}: ${scenario.description}; ${profile.rate} iterations/s for ${profile.durationSeconds} s, at most ${profile.maxVUs} in flight (load average ${loadavg()[0]!.toFixed(1)})`,
    );
    const figures = await runScenario(scenario, { baseUrl: platform.address, env, runtime: nodeRuntime });
    const summary = summaryOf(scenario.name, scenario.thresholds, figures);
    console.info(summary.text);
    passed &&= summary.passed;
  }
} catch (error) {
  console.error(`[k6 scenarios] the platform's last output:\n${platform.output().slice(-3_000)}`);
  throw error;
} finally {
  await platform.stop();
}
// As `k6 run` does when a threshold fails.
process.exitCode = passed ? 0 : 99;
