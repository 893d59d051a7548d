import { randomBytes } from 'node:crypto';
import { fleetOptions, percentile } from './fleet-options.ts';
import { runFleet } from './fleet-simulator.ts';

// The fleet simulator against a running platform:
//   node load-tests/src/fleet/fleet-cli.ts --url http://127.0.0.1:8080 --probes 50 --rate 100 --seconds 60
//     [--country madrid|portugal] [--malformed 0.01] [--email admin@demo.nq --password admin-demo-2026]
const options = fleetOptions(process.argv.slice(2));
const report = await runFleet(
  { ...options, log: (line) => console.info(`[fleet] ${line}`) },
  randomBytes(3).toString('hex'),
);
const latencies = report.latencies.sort((a, b) => a - b);
console.info(
  `[fleet] ${report.probes} probes, ${report.seconds.toFixed(1)} s: ${report.accepted} results accepted ` +
    `(${Math.round(report.accepted / report.seconds)}/s), ${report.rejected} rejected (${report.malformedSent} sent malformed), ` +
    `${report.statusReports} status reports, ${report.requests} requests (p50 ${percentile(latencies, 0.5).toFixed(1)} ms, ` +
    `p99 ${percentile(latencies, 0.99).toFixed(1)} ms, ${report.failedRequests} failed)`,
);
