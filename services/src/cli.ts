#!/usr/bin/env node

import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import module from 'node:module';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { type Config, ConfigError, describeConfig, loadConfig } from '@nq/platform/config/config';
import { type PipelineProcess, pipelineProcesses } from '@nq/platform/log/pipeline';
import { announce, logOfProcess, processLog, useProcessLog } from '@nq/platform/logging/process-log';
import type { PlatformRuns } from '@nq/platform/platform';
import type { Registry } from 'prom-client';
import { commandHelp, type UsageLine, usageLineOf, usageTable, wrapped } from './cli-usage.ts';

// Compiled modules are kept on disk between starts (in the temporary folder), so that a process replacing one that
// crashed runs sooner; where the folder cannot be written the process starts as before.
module.enableCompileCache?.();
/** Writes the compiled modules out once started: the cache is otherwise written at exit, which a crash never reaches. */
const keepCompiledModules = () => module.flushCompileCache?.();

// The platform's modules load only for the commands that run it, so that a bad configuration, bad input and a built-in
// command's help answer at once (the usage, which lists what the features declare, loads their manifests); a worker
// process loads no HTTP API.
const loadRuntime = async () => ({
  ...(await import('@nq/platform/platform')),
  ...(await import('@nq/platform/lifecycle')),
  ...(await import('./composition/platform-runs.ts')),
  ...(await import('@nq/platform/projector-lease')),
  ...(await import('@nq/platform/health/process-health')),
  ...(await import('@nq/platform/http/operations-server')),
});
const loadApiRuntime = async () => ({
  ...(await loadRuntime()),
  ...(await import('./api/app.ts')),
  ...(await import('./demo/load-demo.ts')),
});

/** The worker processes that run beside the projector's lease, each alone as its sub-command (`ingest`, `alerting`). */
const processesBesideProjector = pipelineProcesses.filter((process) => process !== 'projector');
/** Every process `start` runs in one. */
const everyProcess = ['api', ...pipelineProcesses, 'jobs'];

const projectorRunning = 'projector, read-model workers and mail delivery running';

export const openApiFile = resolve(import.meta.dirname, '../../contracts/openapi.json');

async function serve(processes: string, withProjector: boolean) {
  const config = loadConfig();
  const processName = withProjector ? 'start' : 'api';
  useProcessLog(config, processName);
  const {
    buildApi,
    openPlatform,
    runUntilSignalled,
    loadDemoData,
    loadDemoHistory,
    demoLogins,
    platformRuns,
    startProjecting,
    serveOperations,
  } = await loadApiRuntime();
  const platform = await openPlatform(config, platformRuns);
  const api = await buildApi({ config, platform });
  // From here on the components write through the HTTP server's logger, as the requests do.
  useProcessLog(config, processName, api.log);
  const metricsServer = config.http.metricsPort
    ? await serveOperations({ host: config.http.host, metrics: metricsOn(config.http, () => platform.metrics) })
    : undefined;
  let stopWorkers = async () => {};
  api.addHook('onClose', async () => {
    await stopWorkers();
    await platform.close();
    await metricsServer?.close();
  });
  if (withProjector) {
    // The projector runs under its lease (another `start` or `projector` process may hold it); the other worker
    // processes' workers beside it.
    const lease = leaseTeller();
    const [projecting, stopLogWorkers] = await Promise.all([
      startProjecting(platform, { log: api.log, onChange: lease.onChange }),
      platform.startWorkers({ log: api.log, processes: processesBesideProjector }),
    ]);
    lease.started();
    if (projecting.first !== 'holding') api.log.info('projector on standby: another process holds the projector lease');
    const stopJobWorkers = await platform.startJobWorkers({ log: api.log });
    stopWorkers = async () => {
      await stopJobWorkers();
      await stopLogWorkers();
      await projecting.stop();
    };
  }
  const demoEntities = config.demoData ? await loadDemoData(platform) : 0;
  // A fresh demo gets weeks of its fleet's past, so that the analysis screens have something to show at once.
  const demoHistory =
    demoEntities > 0
      ? await loadDemoHistory(platform).catch((error: unknown) => {
          api.log.warn({ err: error }, 'the demo history could not be written');
          return undefined;
        })
      : undefined;
  // A small demo fleet keeps measurements and probe status coming, as a real fleet would.
  const demoFleet = new AbortController();
  api.addHook('preClose', async () => demoFleet.abort());
  const address = await api.listen({ host: config.http.host, port: config.http.port });
  if (withProjector && config.demoData) {
    const { startDemoFleet } = await import('./demo/demo-fleet.ts');
    startDemoFleet(address, demoFleet.signal, api.log);
    if (config.demoAgent) {
      const { startDemoAgent } = await import('./demo/demo-agent.ts');
      startDemoAgent(address, config.dataDir, demoFleet.signal, api.log).catch((error: unknown) =>
        api.log.warn({ err: error }, 'the local probe agent did not start'),
      );
    }
  }
  api.log.info({ profile: config.profile, processes, adapters: config.adapters }, 'platform started');
  keepCompiledModules();
  // Listening for the signals before saying how to stop it: whoever reads the banner may send one at once.
  const stopped = runUntilSignalled(() => api.close(), config.shutdownTimeoutMs, api.log);
  announce(
    `\n  Network-quality platform (${config.profile} profile) at ${config.http.publicUrl}\n` +
      `  API docs: ${config.http.publicUrl}/docs  ·  health: ${config.http.publicUrl}/health\n` +
      (demoEntities > 0
        ? `  Demo data loaded: ${demoEntities} configuration entities (Madrid operators, campaign, clusters…)\n`
        : '') +
      (demoHistory
        ? `  Demo history: ${demoHistory.measurements} measurements over ${demoHistory.weeks} weeks in ${demoHistory.seconds.toFixed(1)} s\n`
        : '') +
      (config.demoData
        ? // Passwords stay out of the output, which log collectors keep: the README's quick start gives them.
          `  Demo logins (passwords in the README's quick start):\n${demoLogins.map((l) => `    ${l.email}  (${l.profile})`).join('\n')}\n`
        : '') +
      '  Ctrl-C stops it.\n',
  );
  await stopped;
}

/** /metrics on METRICS_PORT, under the same rule as on the API port. */
const metricsOn = (http: Config['http'], registry: () => Registry | undefined) => ({
  port: http.metricsPort!,
  registry,
  token: http.metricsToken,
});

/**
 * Says when this process takes the projector lease, waits for it or loses it, after the first outcome (which the
 * start-up lines tell).
 */
function leaseTeller() {
  let started = false;
  return {
    // Whatever the level, as the start-up lines: which process projects is what an operator looks for.
    onChange(state: string, reason: string) {
      if (!started) return;
      if (state === 'holding') announce(`projector lease taken: ${projectorRunning}`);
      else if (state === 'standby') announce(`projector on standby: ${reason}`);
      else if (state === 'failed') processLog().error({ reason }, 'the projector lease loop failed');
    },
    started: () => {
      started = true;
    },
  };
}

/**
 * A process of workers alone: answers /health and /ready on HEALTH_PORT (and /metrics on METRICS_PORT) from the
 * moment it starts, opens the platform, starts what `start` returns, runs until signalled.
 */
type Runtime = Awaited<ReturnType<typeof loadRuntime>>;
type OpenedPlatform = Awaited<ReturnType<Runtime['openPlatform']>>;
async function runWorkers(
  name: string,
  start: (platform: OpenedPlatform, runtime: Runtime) => Promise<{ stop: () => Promise<void>; running: string }>,
) {
  const config = loadConfig();
  const log = useProcessLog(config, name);
  const runtime = await loadRuntime();
  const health = runtime.processHealth();
  health.starting('platform', 'opening the adapters');
  let platform: OpenedPlatform | undefined;
  const operations = await runtime.serveOperations({
    host: config.http.host,
    health: { port: config.http.healthPort, components: health },
    ...(config.http.metricsPort ? { metrics: metricsOn(config.http, () => platform?.metrics) } : {}),
  });
  const opened = await runtime.openPlatform(config, runtime.platformRuns, { health });
  platform = opened;
  health.forget('platform');
  const { stop, running } = await start(opened, runtime);
  const at = (variable: 'HEALTH_PORT' | 'METRICS_PORT') => `http://${config.http.host}:${operations.portOf(variable)}`;
  announce(
    `health: ${at('HEALTH_PORT')}/health and /ready` +
      (config.http.metricsPort ? `; metrics: ${at('METRICS_PORT')}/metrics` : ''),
  );
  keepCompiledModules();
  // Listening for the signals before saying how to stop it: whoever reads the line may send one at once.
  const stopped = runtime.runUntilSignalled(
    async () => {
      await stop();
      await opened.close();
      await operations.close();
    },
    config.shutdownTimeoutMs,
    log,
  );
  announce(`${running} (${config.profile} profile); Ctrl-C stops it`);
  await stopped;
}

const runProjector = () =>
  runWorkers('projector', async (platform, runtime) => {
    const lease = leaseTeller();
    const projecting = await runtime.startProjecting(platform, { log: logOfProcess, onChange: lease.onChange });
    lease.started();
    return {
      stop: projecting.stop,
      running:
        projecting.first === 'holding'
          ? projectorRunning
          : 'projector on standby: another process holds the projector lease, this one takes over when it ends',
    };
  });

/** What the features declare for the processes to run. */
type DeclaredRuns = Pick<PlatformRuns, 'workers' | 'jobs'>;

const workersIn = (declared: DeclaredRuns, process: PipelineProcess) =>
  declared.workers
    .filter((worker) => worker.runsIn === process)
    .map((worker) => worker.name)
    .join(', ') || 'no workers declared';

/** A worker process beside the projector, alone: the workers the features declare for it. */
const runWorkerProcess = (process: PipelineProcess) =>
  runWorkers(process, async (platform, runtime) => {
    const stop = await platform.startWorkers({ log: logOfProcess, processes: [process] });
    return {
      stop,
      running: `${process} workers running on ${platform.log.adapter}: ${workersIn(runtime.platformRuns, process)}`,
    };
  });

const runJobWorkers = () =>
  runWorkers('jobs', async (platform) => {
    const stop = await platform.startJobWorkers({ log: logOfProcess });
    const kinds = platform.jobs.kinds.map((kind) => `${kind.name} (${kind.concurrency} at once)`);
    return {
      stop,
      running: `job workers running on ${platform.jobs.adapter}: ${kinds.join(', ') || 'no job kinds declared'}`,
    };
  });

const adminSynopsis = 'admin create --email <e-mail> [--name <name>] [--send]';

async function admin(args: string[]) {
  let parsed: { command?: string | undefined; email?: string | undefined; name?: string | undefined; send: boolean };
  try {
    const { positionals, values } = parseArgs({
      args,
      allowPositionals: true,
      options: { email: { type: 'string' }, name: { type: 'string' }, send: { type: 'boolean' } },
    });
    parsed = { command: positionals[0], email: values.email, name: values.name, send: values.send ?? false };
  } catch (error) {
    parsed = { send: false };
    console.error((error as Error).message);
  }
  const { emailAddress, DomainError } = await import('@nq/contracts');
  const email = emailAddress.safeParse(parsed.email);
  if (parsed.command !== 'create' || !email.success) {
    console.error(
      parsed.email && !email.success
        ? `--email: '${parsed.email}' is not an e-mail address`
        : `Usage: nq ${adminSynopsis}`,
    );
    process.exitCode = 2;
    return;
  }
  const config = loadConfig();
  const { openPlatform, platformRuns } = await loadRuntime();
  const { createAdministrator } = await import('./features/users/first-administrator.ts');
  const platform = await openPlatform(config, platformRuns);
  try {
    const created = await createAdministrator(platform, { email: email.data, name: parsed.name, send: parsed.send });
    if (created.outcome === 'exists') {
      console.error(`A user with the e-mail ${created.email} already exists: nothing was changed.`);
      process.exitCode = 1;
    } else if (created.link)
      console.info(
        `Administrator ${created.email} created (user ${created.userId}). Its password is chosen once, within 7 days, at:\n` +
          `  ${created.link}`,
      );
    else
      console.info(
        `Administrator ${created.email} created (user ${created.userId}). The link to choose its password is queued ` +
          'for e-mail: the mail delivery of the projector (`nq projector` or `nq start`) sends it.',
      );
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    console.error(`The administrator was not created: ${error.message}`);
    process.exitCode = 1;
  } finally {
    await platform.close();
  }
}

async function rebuild(name: string | undefined) {
  const { readModels } = await import('./composition/platform-runs.ts');
  const names = readModels.map((projection) => projection.name);
  if (!name || (name !== 'all' && !names.includes(name))) {
    console.error(`rebuild needs a projection name or 'all'; projections: ${names.join(', ')}`);
    process.exitCode = 2;
    return;
  }
  const config = loadConfig();
  const { openPlatform, platformRuns } = await loadRuntime();
  const platform = await openPlatform(config, platformRuns);
  try {
    for (const projection of name === 'all' ? names : [name]) {
      const report = await platform.projector.rebuild(projection);
      console.info(
        `${report.projection}: ${report.events} events in ${report.seconds.toFixed(2)} s = ${report.eventsPerSecond} events/s`,
      );
    }
  } finally {
    await platform.close();
  }
}

const backupSynopsis = 'backup <folder> | --into <dir> [--keep <n>] [--without-measurements]';

/**
 * `nq backup`: the platform backed up while it runs, into a new folder, or into a dated one in `--into` (the older
 * ones beyond `--keep` deleted once it is complete, as a scheduled job runs it).
 */
async function backupTo(args: string[]) {
  const { positionals, values } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      into: { type: 'string' },
      keep: { type: 'string' },
      'without-measurements': { type: 'boolean' },
    },
  });
  const keep = values.keep === undefined ? undefined : Number(values.keep);
  if (
    (positionals.length === 1) === Boolean(values.into) ||
    (keep !== undefined && !(Number.isInteger(keep) && keep > 0))
  )
    return usageError(
      `Usage: nq ${backupSynopsis}\n  (a new folder, or --into a folder of dated backups; --keep a count from 1)`,
    );
  const { openPlatform, platformRuns } = await loadRuntime();
  const { backUp, backupStoresOf, datedBackupFolder, pruneBackups } = await import('@nq/platform/backup/backup');
  const folder = values.into ? datedBackupFolder(resolve(values.into)) : resolve(positionals[0]!);
  const platform = await openPlatform(loadConfig(), platformRuns);
  try {
    const manifest = await backUp(backupStoresOf(platform), folder, {
      progress: (line) => console.info(`  ${line}`),
      measurements: !values['without-measurements'],
    });
    console.info(
      `backup written to ${folder} in ${manifest.seconds.toFixed(1)} s: ` +
        `${manifest.tables.es_events?.rows ?? 0} events, ${manifest.measurements?.rows ?? 'no'} measurements, ` +
        `${manifest.files.length} files (it holds sealed secrets${manifest.keyMaterial.source === 'generated' ? ' and the key that opens them' : ''}: keep it as a secret)`,
    );
    if (values.into && keep) {
      const deleted = await pruneBackups(resolve(values.into), keep);
      if (deleted.length > 0) console.info(`older backups deleted (keeping ${keep}): ${deleted.join(', ')}`);
    }
  } catch (error) {
    await refusal(error, 'backup');
  } finally {
    await platform.close();
  }
}

/**
 * `nq restore <folder>`: a backup restored into an empty event store (a new database), then every read model rebuilt
 * from the restored log. Cubes are built again from the measurements by the projector once the platform runs.
 */
async function restoreFrom(folder: string | undefined) {
  if (!folder) return usageError('restore needs the folder of a backup');
  const { openPlatform, platformRuns } = await loadRuntime();
  const { restore, backupStoresOf } = await import('@nq/platform/backup/backup');
  const { readModels } = await import('./composition/platform-runs.ts');
  const platform = await openPlatform(loadConfig(), platformRuns);
  try {
    const restored = await restore(backupStoresOf(platform), resolve(folder), (line) => console.info(`  ${line}`));
    const rebuildStarted = performance.now();
    for (const { name } of readModels) await platform.projector.rebuild(name);
    const rebuildSeconds = (performance.now() - rebuildStarted) / 1_000;
    const { manifest } = restored;
    console.info(
      `restored the backup of ${manifest.createdAt} in ${(restored.seconds + rebuildSeconds).toFixed(1)} s ` +
        `(${restored.seconds.toFixed(1)} s of data, ${rebuildSeconds.toFixed(1)} s rebuilding ${readModels.length} read models): ` +
        `${manifest.tables.es_events?.rows ?? 0} events, ${manifest.measurements?.rows ?? 'no'} measurements, ${manifest.files.length} files`,
    );
  } catch (error) {
    await refusal(error, 'restore');
  } finally {
    await platform.close();
  }
}

/** A backup's or restore's refusal said on one line (exit code 1); anything else is thrown on. */
async function refusal(error: unknown, command: string) {
  const { BackupRefused } = await import('@nq/platform/backup/backup');
  if (!(error instanceof BackupRefused)) throw error;
  console.error(`${command} refused: ${error.message}`);
  process.exitCode = 1;
}

const snapshotSynopsis =
  'snapshot-schedule --repository <name> --type <s3|gcs|azure|fs> --setting <key=value>... [--schedule <cron>] [--keep-days <n>]';

/** `nq snapshot-schedule`: the measurements' snapshot repository and nightly snapshot policy, in Elasticsearch. */
async function snapshotSchedule(args: string[]) {
  const { values } = parseArgs({
    args,
    options: {
      repository: { type: 'string' },
      type: { type: 'string' },
      setting: { type: 'string', multiple: true },
      schedule: { type: 'string', default: '0 30 1 * * ?' },
      'keep-days': { type: 'string', default: '30' },
    },
  });
  const settings = (values.setting ?? []).map((pair) => pair.split('='));
  const keepDays = Number(values['keep-days']);
  if (
    !values.repository ||
    !values.type ||
    settings.some((pair) => pair.length < 2 || !pair[0]) ||
    !(Number.isInteger(keepDays) && keepDays > 0)
  )
    return usageError(`Usage: nq ${snapshotSynopsis}`);
  const config = loadConfig();
  const { scheduleMeasurementSnapshots } = await import('@nq/platform/backup/measurement-snapshots');
  // Registering a repository takes a privilege the platform's own user need not have: an administrator's, when given.
  const { ELASTICSEARCH_ADMIN_USERNAME: username, ELASTICSEARCH_ADMIN_PASSWORD: password } = process.env;
  const connection =
    username && password ? { ...config.elasticsearch, auth: { username, password } } : config.elasticsearch;
  try {
    const scheduled = await scheduleMeasurementSnapshots(connection, {
      repository: {
        name: values.repository,
        type: values.type,
        settings: Object.fromEntries(settings.map(([key, ...value]) => [key!, value.join('=')])),
      },
      schedule: values.schedule,
      keepDays,
    });
    console.info(
      `snapshot repository '${scheduled.repository}' registered; policy '${scheduled.policy}' snapshots ` +
        `${config.elasticsearch.indexPrefix}-measurements-* on '${values.schedule}' and keeps ${keepDays} days`,
    );
  } catch (error) {
    await refusal(error, 'snapshot-schedule');
  }
}

function usageError(message: string) {
  console.error(message);
  process.exitCode = 2;
}

async function migrateDatabase() {
  // This is what the other processes await when told to (SCHEMA_MIGRATIONS=await): it applies, whatever it says.
  const config: Config = { ...loadConfig(), schemaMigrations: 'apply' };
  const { openPlatform, platformRuns } = await loadRuntime();
  const { appliedMigrations, migrate } = await import('@nq/platform/sql/migrations');
  const { featureSchemas: featureSchemaModules } = await import('./composition/platform-runs.ts');
  // Each adapter brings its own tables up to date as it opens; the features' tables follow.
  const platform = await openPlatform(config, platformRuns);
  try {
    for (const module of featureSchemaModules) await migrate(platform.sql, module);
    for (const step of await appliedMigrations(platform.sql))
      console.info(`${step.module} ${step.id}  (applied ${new Date(step.applied_at).toISOString()})`);
  } finally {
    await platform.close();
  }
}

async function openapi(check: boolean) {
  const config = loadConfig({ ...process.env, PROFILE: 'embedded' });
  const { buildApi, openPlatform, platformRuns } = await loadApiRuntime();
  const platform = await openPlatform(config, platformRuns, { inMemory: true });
  const api = await buildApi({ config, platform, logger: false });
  await api.ready();
  const document = `${JSON.stringify(api.swagger(), null, 2)}\n`;
  await api.close();
  await platform.close();
  if (!check) {
    writeFileSync(openApiFile, document);
    console.info(`wrote ${openApiFile}`);
    return;
  }
  let committed = '';
  try {
    committed = readFileSync(openApiFile, 'utf8');
  } catch {}
  if (committed !== document) {
    console.error(`${openApiFile} is out of date: run \`npm run openapi\` and commit it.`);
    process.exitCode = 1;
  } else console.info('contracts/openapi.json is current');
}

async function simulate(args: string[]) {
  const { fleetOptions, percentile } = await import('./simulator/fleet-options.ts');
  const { demoAdministrator } = await import('./demo/demo-fleet.ts');
  const { runFleet } = await import('./simulator/fleet-simulator.ts');
  const options = fleetOptions(args, demoAdministrator());
  const report = await runFleet(
    { ...options, log: (line) => console.info(`[fleet] ${line}`) },
    randomBytes(3).toString('hex'),
  );
  const latencies = report.latencies.sort((a, b) => a - b);
  console.info(
    `[fleet] ${report.probes} probes, ${report.seconds.toFixed(1)} s: ${report.accepted + report.rejected} results sent ` +
      `(${Math.round((report.accepted + report.rejected) / report.seconds)}/s), ${report.rejected} rejected ` +
      `(${report.malformedSent} sent malformed), ${report.statusReports} status reports; requests p50 ` +
      `${percentile(latencies, 0.5).toFixed(1)} ms, p99 ${percentile(latencies, 0.99).toFixed(1)} ms, ${report.failedRequests} failed`,
  );
}

/**
 * A command of the CLI itself: its line of the usage (a summary that names what the features declare is given what
 * they declare) and what it runs, given the arguments after its name (none unless its synopsis names some).
 */
interface BuiltInCommand {
  name: string;
  synopsis?: string;
  summary: string | ((declared: DeclaredRuns) => string);
  run(args: string[]): Promise<unknown>;
  /** It prints its own help, fuller than its line of the usage (`nq probe --help`). */
  ownHelp?: true;
}

/** The commands of the CLI itself, in the order the usage lists them; the features' follow (e.g. `cube`). */
const builtInCommands: readonly BuiltInCommand[] = [
  {
    name: 'start',
    summary: `every process in one: ${everyProcess.join(', ')} (the embedded default; PROFILE=distributed for the real servers)`,
    run: () => serve(everyProcess.join(', '), true),
  },
  {
    name: 'api',
    synopsis: 'api [<METHOD> <path> [opts]]',
    summary:
      'the HTTP API alone (serves the console build too); given a METHOD and a path, a call of a running ' +
      "platform's API instead, signed with the client id and secret of a credentials file: the answer as JSON, a " +
      "list as a table or CSV; an error prints the platform's message and exits 1 (nq api --help)",
    run: async (args) => {
      if (args.length === 0) return serve('api', false);
      const { runApiCommand } = await import('./cli-api.ts');
      process.exitCode = await runApiCommand(args);
    },
    ownHelp: true,
  },
  {
    name: 'projector',
    summary: (declared) =>
      'the projector alone, under its lease: keeps the read models up to date with the event log, delivers mail, ' +
      `and runs ${workersIn(declared, 'projector')}`,
    run: runProjector,
  },
  ...processesBesideProjector.map(
    (process): BuiltInCommand => ({
      name: process,
      summary: (declared) => `the ${process} workers alone: ${workersIn(declared, process)}`,
      run: () => runWorkerProcess(process),
    }),
  ),
  {
    name: 'jobs',
    summary: (declared) =>
      `the job workers alone: run the jobs the API queues (${(declared.jobs ?? []).map((job) => job.kind.name).join(', ')})`,
    run: runJobWorkers,
  },
  {
    name: 'admin',
    synopsis: adminSynopsis,
    summary: 'create an administrator and print a one-time link to choose its password (--send: e-mail it)',
    run: admin,
  },
  {
    name: 'rebuild',
    synopsis: 'rebuild <name>',
    summary: "rebuild one projection (or 'all') from the start of the log, printing events per second",
    run: ([name]) => rebuild(name),
  },
  {
    name: 'backup',
    synopsis: backupSynopsis,
    summary:
      'back the platform up while it runs, into a new folder (or a dated one in --into, keeping the newest --keep): ' +
      'the event store, every measurement (unless left out) and generated file (docs/operations.md, backups)',
    run: backupTo,
  },
  {
    name: 'restore',
    synopsis: 'restore <folder>',
    summary:
      'restore a backup into an empty event store (a new database) and rebuild every read model from it; the ' +
      'measurements and files are written back',
    run: ([folder]) => restoreFrom(folder),
  },
  {
    name: 'snapshot-schedule',
    synopsis: snapshotSynopsis,
    summary:
      "register the measurements' snapshot repository in Elasticsearch and its nightly snapshot policy (SLM), " +
      'deleting snapshots after --keep-days (default 30; the schedule by default 01:30 UTC); as the user of ' +
      'ELASTICSEARCH_ADMIN_USERNAME and ELASTICSEARCH_ADMIN_PASSWORD when they are set',
    run: snapshotSchedule,
  },
  {
    name: 'migrate',
    summary:
      "bring the database's tables up to date and list the steps applied (every start does it too, unless " +
      'SCHEMA_MIGRATIONS=await: then processes wait for this, run as a Kubernetes Job)',
    run: migrateDatabase,
  },
  {
    name: 'openapi',
    synopsis: 'openapi [--check]',
    summary: 'write contracts/openapi.json from the route schemas, or fail if it is out of date',
    run: (args) => openapi(parseArgs({ args, options: { check: { type: 'boolean' } } }).values.check ?? false),
  },
  {
    name: 'config',
    summary: 'print the resolved configuration (secrets masked)',
    run: async () => console.info(JSON.stringify(describeConfig(loadConfig()), null, 2)),
  },
  {
    name: 'probe',
    synopsis: 'probe [opts]',
    summary:
      "the probe agent: enrols with a probe's credentials (--gateway, --probe-id, --client-id, --client-secret) and " +
      'runs its task suite on this machine, keeping its results on disk until the gateway has them (nq probe --help)',
    run: async (args) => {
      const { runProbeCli } = await import('@nq/probe/main');
      process.exitCode = await runProbeCli(args);
    },
    ownHelp: true,
  },
  {
    name: 'speed-server',
    synopsis: 'speed-server [opts]',
    summary:
      'the speed-test server probes measure against: HTTP download, upload and latency target (--http-port, 8080), ' +
      'the UDP reflector for round trips (--udp-port, 8862), on --host (0.0.0.0)',
    run: async (args) => {
      const { runSpeedServerCli } = await import('@nq/probe/speed-server/main');
      process.exitCode = await runSpeedServerCli(args);
    },
    ownHelp: true,
  },
  {
    name: 'simulate',
    synopsis: 'simulate [opts]',
    summary:
      'a virtual probe fleet against a running platform: --url, --probes, --rate (results/s), --seconds, ' +
      '--country madrid|portugal, --malformed (share), --email/--password (an admin)',
    run: simulate,
  },
];

/** A command as `nq` finds it, the CLI's own or a feature's: its line of the usage, and what it runs. */
interface Command {
  line(): Promise<UsageLine>;
  takesArguments: boolean;
  run(args: string[]): Promise<unknown>;
  ownHelp?: true;
}

/** What the features declare: loaded only for the commands that list or run it (the usage, a feature's command). */
async function declared() {
  const [{ features }, { platformRuns }] = await Promise.all([
    import('./composition/features.ts'),
    import('./composition/platform-runs.ts'),
  ]);
  return { commands: features.flatMap((feature) => feature.commands ?? []), runs: platformRuns };
}

/** A command's line of the usage; `runs` is asked only for a summary that names what the features declare. */
async function lineOf(command: BuiltInCommand, runs = async () => (await declared()).runs): Promise<UsageLine> {
  const summary = typeof command.summary === 'string' ? command.summary : command.summary(await runs());
  return { synopsis: command.synopsis ?? command.name, summary };
}

const builtIn = (command: BuiltInCommand): Command => ({
  line: () => lineOf(command),
  takesArguments: command.synopsis !== undefined,
  run: command.run,
  ...(command.ownHelp ? { ownHelp: true } : {}),
});

/** The command named, among the CLI's own, then the features'. */
async function commandNamed(name: string): Promise<Command | undefined> {
  const own = builtInCommands.find((command) => command.name === name);
  if (own) return builtIn(own);
  if (name.startsWith('-')) return undefined;
  const feature = (await declared()).commands.find((command) => command.name === name);
  if (!feature) return undefined;
  const open = async () => {
    const { openPlatform, platformRuns } = await loadRuntime();
    return openPlatform(loadConfig(), platformRuns);
  };
  return {
    line: async () => usageLineOf(feature),
    takesArguments: true,
    run: async (args) => {
      process.exitCode = await feature.run(args, open);
    },
  };
}

async function usage() {
  const { commands, runs } = await declared();
  const lines = [
    ...(await Promise.all(builtInCommands.map((command) => lineOf(command, async () => runs)))),
    ...commands.map(usageLineOf),
  ];
  const footer = wrapped(
    `Worker processes (${[...pipelineProcesses, 'jobs'].join(', ')}) answer /health and /ready on HEALTH_PORT; with ` +
      'METRICS_PORT set, every process serves /metrics there. Configuration comes from environment variables (see ' +
      'docs/configuration.md).',
    0,
  );
  return [
    "Usage: nq <command> [--help]    (nq help [<command>]: this text or a command's; nq --version: the version)",
    '',
    'Commands:',
    usageTable(lines),
    '',
    ...footer,
  ].join('\n');
}

/** The version of the services' package, which the image and `nq` run. */
const version = () =>
  (JSON.parse(readFileSync(resolve(import.meta.dirname, '../package.json'), 'utf8')) as { version: string }).version;

const wantsHelp = (args: readonly string[]) => args.includes('--help') || args.includes('-h');

async function main([name, ...args]: string[]) {
  if (name === '--version' || name === '-v') return console.info(version());
  // `nq`, `nq help`, `nq --help`: the usage; `nq help <command>`, `nq <command> --help`: the command's.
  const named = name === 'help' ? args[0] : name === undefined || wantsHelp([name]) ? undefined : name;
  if (named === undefined) return console.info(await usage());
  const command = await commandNamed(named);
  if (!command) {
    console.error(`unknown command '${named}'\n\n${await usage()}`);
    process.exitCode = 2;
    return;
  }
  if (command.ownHelp && (name === 'help' || wantsHelp(args))) return command.run(['--help']);
  if (name === 'help' || wantsHelp(args)) return console.info(commandHelp(await command.line()));
  if (args.length > 0 && !command.takesArguments) {
    console.error(`nq ${named} takes no arguments (got ${args.join(' ')})\n\n${commandHelp(await command.line())}`);
    process.exitCode = 2;
    return;
  }
  try {
    await command.run(args);
  } catch (error) {
    // An option the command does not know, or one missing its value: said with the command's usage, no stack.
    if (!String((error as { code?: unknown }).code).startsWith('ERR_PARSE_ARGS')) throw error;
    console.error(`${(error as Error).message}\n\n${commandHelp(await command.line())}`);
    process.exitCode = 2;
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(78); // EX_CONFIG
  }
  console.error(error);
  process.exit(1);
});
