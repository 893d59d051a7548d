/**
 * The fault harness's long form (`npm run faults`): every fault of the catalogue — each process kind SIGKILLed,
 * paused past its session and lock timeouts, the clients cut off, Kafka, Elasticsearch, PostgreSQL and Redis
 * crashed and started again — under the fleet and an administrator's commands, then one table.
 *   FAULTS_RATE=200 FAULTS_STEADY_SECONDS=30 npm run faults
 */
import { faultTable, runFaults } from './fault-run.ts';
import { everyFault } from './faults.ts';

const only = process.env.FAULTS_ONLY?.split(',').map((name) => name.trim().toLowerCase());
const report = await runFaults({
  faults: only
    ? everyFault.filter((fault) => only.some((name) => fault.name.toLowerCase().includes(name)))
    : everyFault,
  servers: 'own',
  rate: Number(process.env.FAULTS_RATE ?? 200),
  commandsPerSecond: Number(process.env.FAULTS_COMMANDS_PER_SECOND ?? 2),
  extractionEverySeconds: Number(process.env.FAULTS_EXTRACTION_EVERY_SECONDS ?? 5),
  steadySeconds: Number(process.env.FAULTS_STEADY_SECONDS ?? 30),
  warmUpSeconds: Number(process.env.FAULTS_WARM_UP_SECONDS ?? 90),
  replicas: { api: 1, projector: 1, ingest: 2, alerting: 1, jobs: 1 },
  restartDelayMs: 500,
  log: (line) => console.info(`[faults] ${new Date().toISOString().slice(11, 19)} ${line}`),
});
console.info(faultTable(report));
const failed = report.rows.some(
  (row) =>
    Object.values(row.lost).some((count) => count > 0) ||
    Object.values(row.duplicated).some((count) => count > 0) ||
    row.readModelsBehind > 0,
);
process.exitCode = failed || report.deadLetters.withoutReason > 0 ? 1 : 0;
