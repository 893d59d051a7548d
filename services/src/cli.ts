#!/usr/bin/env node

import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import module from 'node:module';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { type Config, ConfigError, describeConfig, loadConfig } from '@nq/platform/config/config';
import type { Registry } from 'prom-client';

// Compiled modules are kept on disk between starts (in the temporary folder), so that a process replacing one that
// crashed runs sooner; where the folder cannot be written the process starts as before.
module.enableCompileCache?.();
/** Writes the compiled modules out once started: the cache is otherwise written at exit, which a crash never reaches. */
const keepCompiledModules = () => module.flushCompileCache?.();

// The platform's modules load only for the commands that run it, so that help and bad input answer at once; a
// worker process loads no HTTP API.
const loadRuntime = async () => ({
  ...(await import('@nq/platform/platform')),
  ...(await import('@nq/platform/lifecycle')),
  ...(await import('./composition/platform-runs.ts')),
  ...(await import('./features/alerts/alerting.worker.ts')),
  ...(await import('@nq/platform/projector-lease')),
  ...(await import('@nq/platform/health/process-health')),
  ...(await import('@nq/platform/http/operations-server')),
});
const loadApiRuntime = async () => ({
  ...(await loadRuntime()),
  ...(await import('./api/app.ts')),
  ...(await import('./demo/load-demo.ts')),
});

const usage = `Usage: nq <command>

Commands:
  start             every process in one (the embedded default; PROFILE=distributed for the real servers)
  api               the HTTP API alone (serves the console build too)
  projector         the projector alone: keeps the read models up to date with the event log (and delivers mail)
  ingest            the stream workers alone: measurements.raw into the measurements read model, probe status
  jobs              the job workers alone: run the asynchronous work the API queues (extractions, reports)
  alerting          the alert evaluator alone: a consumer group on measurements.enriched recording alert history
  admin create --email <e-mail> [--name <name>] [--send]
                    create an administrator and print a one-time link to choose its password (--send: e-mail it)
  cube rebuild <cube> --from <date> --to <date>
                    rebuild a cube's rows over a range from the raw measurements, printing progress
  rebuild <name>    rebuild one projection (or 'all') from the start of the log, printing events per second
  migrate           bring the database's tables up to date (every start does it too) and list the steps applied
  openapi [--check] write contracts/openapi.json from the route schemas, or fail if it is out of date
  config            print the resolved configuration (secrets masked)
  simulate [opts]   a virtual probe fleet against a running platform: --url, --probes, --rate (results/s),
                    --seconds, --country madrid|portugal, --malformed (share), --email/--password (an admin)

Worker processes (projector, ingest, jobs, alerting) answer /health and /ready on HEALTH_PORT; with METRICS_PORT
set, every process serves /metrics there. Configuration comes from environment variables (see
docs/configuration.md).`;

const projectorRunning = 'projector, read-model workers and mail delivery running';

export const openApiFile = resolve(import.meta.dirname, '../../contracts/openapi.json');

async function serve(processes: string, withProjector: boolean) {
  const config = loadConfig();
  const {
    buildApi,
    openPlatform,
    runUntilSignalled,
    loadDemoData,
    loadDemoHistory,
    demoLogins,
    platformRuns,
    startAlerting,
    startProjecting,
    serveOperations,
  } = await loadApiRuntime();
  const platform = await openPlatform(config, platformRuns);
  const api = await buildApi({ config, platform });
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
    // The projector runs under its lease (another `start` or `projector` process may hold it); ingest beside it.
    const lease = leaseTeller(api.log);
    const [projecting, stopLogWorkers] = await Promise.all([
      startProjecting(platform, { log: api.log, onChange: lease.onChange }),
      platform.startWorkers({ log: api.log, processes: ['ingest'] }),
    ]);
    lease.started();
    if (projecting.first !== 'holding') api.log.info('projector on standby: another process holds the projector lease');
    const stopJobWorkers = await platform.startJobWorkers({ log: api.log });
    const stopAlerting = await startAlerting(platform, { log: api.log });
    stopWorkers = async () => {
      await stopAlerting();
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
  }
  api.log.info({ profile: config.profile, processes, adapters: config.adapters }, 'platform started');
  keepCompiledModules();
  // Listening for the signals before saying how to stop it: whoever reads the banner may send one at once.
  const stopped = runUntilSignalled(() => api.close(), config.shutdownTimeoutMs, api.log);
  console.info(
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
function leaseTeller(log: { info(message: string): void; error(object: object, message: string): void }) {
  let started = false;
  return {
    onChange(state: string, reason: string) {
      if (!started) return;
      if (state === 'holding') log.info(`projector lease taken: ${projectorRunning}`);
      else if (state === 'standby') log.info(`projector on standby: ${reason}`);
      else if (state === 'failed') log.error({ reason }, 'the projector lease loop failed');
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
  start: (platform: OpenedPlatform, runtime: Runtime) => Promise<{ stop: () => Promise<void>; running: string }>,
) {
  const config = loadConfig();
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
  console.info(
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
    { info: console.info, error: (o, m) => console.error(m, o) },
  );
  console.info(`${running} (${config.profile} profile); Ctrl-C stops it`);
  await stopped;
}

const consoleLog = {
  warn: (o: object, m: string) => console.warn(m, o),
  error: (o: object, m: string) => console.error(m, o),
};

const runProjector = () =>
  runWorkers(async (platform, runtime) => {
    const lease = leaseTeller({ info: console.info, error: (o, m) => console.error(m, o) });
    const projecting = await runtime.startProjecting(platform, { log: consoleLog, onChange: lease.onChange });
    lease.started();
    return {
      stop: projecting.stop,
      running:
        projecting.first === 'holding'
          ? projectorRunning
          : 'projector on standby: another process holds the projector lease, this one takes over when it ends',
    };
  });

const runIngest = () =>
  runWorkers(async (platform) => {
    const stop = await platform.startWorkers({ log: consoleLog, processes: ['ingest'] });
    return { stop, running: `ingest workers running on ${platform.log.adapter}` };
  });

const runJobWorkers = () =>
  runWorkers(async (platform) => {
    const stop = await platform.startJobWorkers({ log: consoleLog });
    const kinds = platform.jobs.kinds.map((kind) => `${kind.name} (${kind.concurrency} at once)`);
    return {
      stop,
      running: `job workers running on ${platform.jobs.adapter}: ${kinds.join(', ') || 'no job kinds declared'}`,
    };
  });

const runAlerting = () =>
  runWorkers(async (platform, runtime) => {
    const stop = await runtime.startAlerting(platform, { log: consoleLog });
    return { stop, running: `alerting running on ${platform.log.adapter}` };
  });

const adminUsage = 'Usage: nq admin create --email <e-mail> [--name <name>] [--send]';

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
    console.error(parsed.email && !email.success ? `--email: '${parsed.email}' is not an e-mail address` : adminUsage);
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

async function migrateDatabase() {
  const config = loadConfig();
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

/** The commands of the CLI itself; any other is looked for among the features' (e.g. `cube`). */
const builtInCommands = new Set([
  'start',
  'api',
  'projector',
  'ingest',
  'jobs',
  'alerting',
  'admin',
  'rebuild',
  'migrate',
  'openapi',
  'config',
  'simulate',
  'help',
]);

async function main() {
  if (process.argv[2] === 'simulate') return simulate(process.argv.slice(3));
  if (process.argv[2] === 'admin') return admin(process.argv.slice(3));
  const named = process.argv[2];
  if (named && !builtInCommands.has(named) && !named.startsWith('-')) {
    const { features } = await import('./composition/features.ts');
    const declared = features.flatMap((feature) => feature.commands ?? []).find((item) => item.name === named);
    if (declared) {
      const open = async () => {
        const { openPlatform, platformRuns } = await loadRuntime();
        return openPlatform(loadConfig(), platformRuns);
      };
      process.exitCode = await declared.run(process.argv.slice(3), open);
      return;
    }
  }
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { check: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
  });
  const [command] = positionals;
  switch (values.help ? 'help' : command) {
    case 'start':
      return serve('api, projector, ingest, job workers and alerting', true);
    case 'api':
      return serve('api', false);
    case 'projector':
      return runProjector();
    case 'ingest':
      return runIngest();
    case 'jobs':
      return runJobWorkers();
    case 'alerting':
      return runAlerting();
    case 'rebuild':
      return rebuild(positionals[1]);
    case 'migrate':
      return migrateDatabase();
    case 'openapi':
      return openapi(values.check ?? false);
    case 'config':
      return console.info(JSON.stringify(describeConfig(loadConfig()), null, 2));
    case 'help':
    case undefined:
      return console.info(usage);
    default:
      console.error(`unknown command '${command}'\n\n${usage}`);
      process.exitCode = 2;
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(78); // EX_CONFIG
  }
  console.error(error);
  process.exit(1);
});
