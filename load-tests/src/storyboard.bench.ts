/**
 * The storyboard's target: it answers within 1 s on the demo data. Starts the platform in this process as `npm start`
 * does on a fresh data folder (embedded profile by default; BENCH_PROFILE=distributed for the real servers: a fresh
 * database, index and topic prefix), with the demo configuration and its weeks of fleet history, then asks
 * `GET /api/storyboard` over HTTP as each demo login, one request at a time, and prints p50 / p95.
 *   npm run bench:storyboard            BENCH_RUNS=30 (requests per login)
 */
import type { StoryboardResponse } from '@nq/contracts';
import { signRequest } from '@nq/contracts/identity/request-signing';
import { demoLogins, loadDemoHistory } from '@nq/services/demo/load-demo';
import { percentile } from '@nq/services/simulator/fleet-options';
import { logInAs, startBenchPlatform } from './bench-platform.ts';

const runs = Number(process.env.BENCH_RUNS ?? 30);
const { platform, profile, address, stop } = await startBenchPlatform('storyboard', 'embedded');
const history = await loadDemoHistory(platform);
console.info(
  `[storyboard bench] ${profile} profile, demo history: ${history.measurements} measurements over ${history.weeks} weeks`,
);

async function signedGet(credentials: { clientId: string; clientSecret: string }, path: string) {
  const authorization = await signRequest(credentials, { method: 'GET', url: path });
  const started = performance.now();
  const response = await fetch(`${address}${path}`, { headers: { authorization } });
  const body = (await response.json()) as StoryboardResponse;
  if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${JSON.stringify(body)}`);
  return { ms: performance.now() - started, body };
}

const rows: string[][] = [];
for (const login of demoLogins) {
  const credentials = await logInAs(address, login);
  const first = await signedGet(credentials, '/api/storyboard');
  const failed = Object.entries(first.body).filter(
    ([, tile]) => typeof tile === 'object' && tile !== null && 'error' in tile,
  );
  const latencies: number[] = [];
  // The platform runs in this process: its CPU time per request tells the work from the wait on a busy machine.
  const cpuBefore = process.cpuUsage();
  for (let index = 0; index < runs; index += 1) latencies.push((await signedGet(credentials, '/api/storyboard')).ms);
  const cpu = process.cpuUsage(cpuBefore);
  latencies.sort((a, b) => a - b);
  const p95 = percentile(latencies, 0.95);
  rows.push([
    login.email,
    `${percentile(latencies, 0.5).toFixed(1)} / ${p95.toFixed(1)}`,
    `first ${first.ms.toFixed(1)}`,
    ((cpu.user + cpu.system) / 1_000 / runs).toFixed(1),
    failed.length ? `tiles failed: ${failed.map(([name]) => name).join(', ')}` : 'every tile answered',
    p95 < 1_000 ? 'p95 < 1 s ✔' : 'p95 < 1 s ✘',
  ]);
}
console.info(`login | p50 / p95 ms (${runs} requests) | first request ms | CPU ms per request | tiles | target`);
console.info(rows.map((row) => row.join(' | ')).join('\n'));

await stop();
