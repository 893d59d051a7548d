/**
 * The upgrade drill (`UPGRADE_FROM=<commit or tag> npm run upgrade-drill`): the platform of an earlier release runs as
 * OS processes under the fleet's results, an administrator's commands and extractions; this checkout's schema steps are
 * applied under that load (its `nq migrate`, as the migration Job does), then each process kind is rolled to this
 * checkout one replica at a time (SIGTERM, a replacement of the new release under the same name: the projector lease
 * handed over, the consumers' static membership kept). After draining, every acknowledged result, command and file is
 * looked for, once, in the stores: one row per step, as the fault harness prints.
 *   UPGRADE_FROM=6d30e32 UPGRADE_RATE=50 npm run upgrade-drill
 * The earlier release is checked out beside (a git worktree, its own `npm ci`) and removed after.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { faultTable, runFaults } from './fault-run.ts';
import { migrateWith, upgradeProcesses } from './faults.ts';
import { type ProcessKind, thisCheckoutCli } from './supervisor.ts';

const from = process.env.UPGRADE_FROM;
if (!from) {
  console.error('UPGRADE_FROM=<commit or tag of the earlier release> npm run upgrade-drill');
  process.exit(2);
}
const root = resolve(import.meta.dirname, '../..');
const log = (line: string) => console.info(`[upgrade] ${new Date().toISOString().slice(11, 19)} ${line}`);
const git = (...args: string[]) => execFileSync('git', ['-C', root, ...args], { encoding: 'utf8' }).trim();
const release = `${git('rev-parse', '--short', from)}`;
const current = git('rev-parse', '--short', 'HEAD');
const folder = join(mkdtempSync(join(tmpdir(), 'nq-upgrade-')), 'previous');
log(`checking out ${release} beside (${folder}) and installing its dependencies`);
git('worktree', 'add', '--detach', folder, from);
let failed = true;
try {
  execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: folder, stdio: 'inherit' });
  // The order of a rolling deploy: schema first, then the projector (its lease), the stream workers, jobs, the api.
  const kinds: ProcessKind[] = ['projector', 'ingest', 'alerting', 'jobs', 'api'];
  const report = await runFaults({
    faults: [
      migrateWith(thisCheckoutCli, current),
      ...kinds.map((kind) => upgradeProcesses(kind, thisCheckoutCli, current)),
    ],
    servers: 'shared',
    cli: join(folder, 'services/src/cli.ts'),
    rate: Number(process.env.UPGRADE_RATE ?? 50),
    commandsPerSecond: 2,
    extractionEverySeconds: 5,
    steadySeconds: Number(process.env.UPGRADE_STEADY_SECONDS ?? 15),
    warmUpSeconds: Number(process.env.UPGRADE_WARM_UP_SECONDS ?? 30),
    replicas: { api: 1, projector: 1, ingest: 2, alerting: 1, jobs: 1 },
    restartDelayMs: 500,
    log,
  });
  console.info(`upgrade from ${release} to ${current}\n${faultTable(report)}`);
  failed =
    report.deadLetters.withoutReason > 0 ||
    report.cubes.differing > 0 ||
    report.rows.some(
      (row) =>
        Object.values(row.lost).some((count) => count > 0) ||
        Object.values(row.duplicated).some((count) => count > 0) ||
        row.readModelsBehind > 0,
    );
} finally {
  git('worktree', 'remove', '--force', folder);
  rmSync(join(folder, '..'), { recursive: true, force: true });
}
process.exitCode = failed ? 1 : 0;
