/**
 * The alerting process of `npm run bench:alerting`: what `node services/src/cli.ts alerting` runs (the platform's
 * configuration from the environment, the evaluator alone), plus its /metrics on BENCH_METRICS_PORT so the benchmark
 * can read the evaluator's lag histograms. Prints `listening <port>` once the evaluator runs; SIGTERM stops it.
 */
import { createServer } from 'node:http';
import { loadConfig } from '@nq/platform/config/config';
import { openPlatform } from '@nq/platform/platform';
import { platformRuns } from '@nq/services/composition/platform-runs';

const platform = await openPlatform(loadConfig(), platformRuns);
const stopAlerting = await platform.startWorkers({
  log: { warn: (o, m) => console.warn(m, o), error: (o, m) => console.error(m, o) },
  processes: ['alerting'],
});
const server = createServer((_request, response) => {
  platform.metrics.metrics().then((text) => response.writeHead(200, { 'content-type': 'text/plain' }).end(text));
});
server.listen(Number(process.env.BENCH_METRICS_PORT ?? 0), '127.0.0.1', () => {
  const address = server.address();
  console.info(`listening ${typeof address === 'object' && address ? address.port : ''}`);
});
process.once('SIGTERM', async () => {
  server.close();
  await stopAlerting();
  await platform.close();
  process.exit(0);
});
