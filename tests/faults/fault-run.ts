import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fleetTopicsFor } from '@nq/platform/log/fleet-topics';
import { kafkaPartitionOf, openKafkaLog } from '@nq/platform/log/kafka/kafka-log';
import { freePort } from '@nq/platform/testing/free-port';
import { startTcpProxy } from '@nq/platform/testing/tcp-proxy';
import { demoLogins } from '@nq/services/demo/load-demo';
import { geographies, type VirtualProbe } from '@nq/services/simulator/fleet-model';
import { registerFleet } from '@nq/services/simulator/fleet-simulator';
import { startCanary } from './canary.ts';
import { startCommandLoad } from './command-load.ts';
import { type CubeCheck, checkCubes } from './cube-check.ts';
import { explainCubeDifference } from './cube-difference.ts';
import { type FaultServers, startFaultEnvironment } from './fault-environment.ts';
import type { Fault } from './faults.ts';
import { everyIndexedMeasurement } from './indexed-measurements.ts';
import { startJobLoad } from './job-load.ts';
import { startProbeLoad } from './probe-load.ts';
import { logIn, signedFetch } from './signed-fetch.ts';
import { type CommandCheck, checkCommands } from './stored-commands.ts';
import { checkFiles, type FileCheck } from './stored-files.ts';
import { type ProcessKind, superviseProcesses } from './supervisor.ts';

export interface FaultRunOptions {
  faults: Fault[];
  /** Servers of the run's own (every fault), or the shared ones (faults that crash no server). */
  servers: FaultServers;
  /** Results per second the fleet sends. */
  rate: number;
  /** Configuration commands per second. */
  commandsPerSecond: number;
  /** How often a CSV extraction (a job) is asked for. */
  extractionEverySeconds: number;
  /** Load before each fault, and after its recovery. */
  steadySeconds: number;
  /** Load before the baseline is measured: the JVMs' and Node's compilers warm up under it. */
  warmUpSeconds: number;
  replicas: Partial<Record<ProcessKind, number>>;
  /** How long the supervisor waits before replacing a process that died. */
  restartDelayMs: number;
  /** The CLI the processes run at first (a previous release's, for an upgrade drill); this checkout's by default. */
  cli?: string;
  log?: (line: string) => void;
}

/** Per flow: measurements through the gateway, configuration commands, files made by jobs. */
export interface FlowCounts {
  results: number;
  commands: number;
  files: number;
}

export interface FaultRow {
  fault: string;
  load: string;
  accepted: FlowCounts;
  found: FlowCounts;
  lost: FlowCounts;
  duplicated: FlowCounts;
  /** Commands and files whose read model does not show what the event store holds. */
  readModelsBehind: number;
  recoverySeconds: number;
  /**
   * For a process replaced: from its replacement running to the platform serving end to end again — what static
   * membership shortens (without it, the killed member's partitions wait for its session to end).
   */
  afterReplacementSeconds?: number;
}

export interface FaultRunReport {
  rows: FaultRow[];
  /** The demo cubes held to the raw measurements after draining. */
  cubes: CubeCheck;
  deadLetters: { total: number; withoutReason: number };
  processLogs: string;
}

const baseline = 'no fault (baseline)';

/** A probe of the fleet for each partition of measurements.raw (as many as the fleet covers). */
function probePerPartition(fleet: VirtualProbe[], partitions: number) {
  const chosen = new Map<number, VirtualProbe>();
  for (const probe of fleet) {
    const partition = kafkaPartitionOf(probe.probeId, partitions);
    if (!chosen.has(partition)) chosen.set(partition, probe);
  }
  return [...chosen.values()];
}

/** Reads the whole dead-letter topic once: how many entries, and how many without a reason. */
async function readDeadLetters(brokers: string[], topic: string) {
  const log = await openKafkaLog({ brokers, clientId: 'fault-harness-dlq' });
  const letters: string[] = [];
  const consumer = await log.consume({
    groupId: `fault-harness-dlq-${randomBytes(3).toString('hex')}`,
    topics: [topic],
    handle: async (records) => void letters.push(...records.map((record) => record.value)),
  });
  await sleep(5_000);
  await consumer.stop();
  await log.close();
  const withoutReason = letters.filter((value) => {
    try {
      return !(JSON.parse(value) as { reason?: string }).reason;
    } catch {
      return true;
    }
  }).length;
  return { total: letters.length, withoutReason };
}

/** One row per phase: what was acknowledged in it, and what of that the stores hold once, twice or not at all. */
function rowsOf(
  phases: string[],
  outcome: {
    load: string;
    accepted: Map<string, string>;
    indexed: Map<string, number>;
    commandChecks: CommandCheck[];
    fileChecks: FileCheck[];
    recovery: Map<string, number>;
    afterReplacement: Map<string, number>;
  },
): FaultRow[] {
  return phases.map((name): FaultRow => {
    const results = [...outcome.accepted].filter(([, acceptedIn]) => acceptedIn === name).map(([id]) => id);
    const tags = outcome.commandChecks.filter((check) => check.tag.phase === name);
    const files = outcome.fileChecks.filter((check) => check.file.phase === name);
    const count = <T>(items: T[], counted: (item: T) => boolean) => items.filter(counted).length;
    return {
      fault: name,
      load: outcome.load,
      accepted: {
        results: results.length,
        commands: tags.reduce((sum, check) => sum + check.tag.acknowledgedVersion, 0),
        files: files.length,
      },
      found: {
        results: count(results, (id) => outcome.indexed.has(id)),
        commands: tags.reduce((sum, check) => sum + Math.min(check.events, check.tag.acknowledgedVersion), 0),
        files: count(files, (check) => !check.lost),
      },
      lost: {
        results: count(results, (id) => !outcome.indexed.has(id)),
        commands: count(tags, (check) => check.lost),
        files: count(files, (check) => check.lost),
      },
      duplicated: {
        results: count(results, (id) => (outcome.indexed.get(id) ?? 0) > 1),
        commands: count(tags, (check) => check.duplicated),
        files: count(files, (check) => check.duplicated),
      },
      readModelsBehind: count(tags, (check) => check.readModelBehind) + count(files, (check) => check.readModelBehind),
      recoverySeconds: outcome.recovery.get(name) ?? Number.NaN,
      ...(outcome.afterReplacement.has(name) ? { afterReplacementSeconds: outcome.afterReplacement.get(name)! } : {}),
    };
  });
}

/**
 * The fault harness: the platform as separate OS processes on servers of its own, the fleet and an administrator
 * loading it, each fault injected in turn between steady periods; then, after draining, every acknowledged result
 * and command looked for — once — in the stores, and one row per fault.
 */
export async function runFaults(options: FaultRunOptions): Promise<FaultRunReport> {
  const log = options.log ?? (() => undefined);
  const run = randomBytes(3).toString('hex');
  const crashing = options.faults.filter((fault) => fault.crashesServer);
  if (options.servers === 'shared' && crashing.length > 0)
    throw new Error(`${crashing.map((fault) => fault.name).join(', ')}: a run on the shared servers crashes none`);
  log(
    options.servers === 'own'
      ? `starting PostgreSQL, Redis, Kafka and Elasticsearch of the harness's own (run ${run})`
      : `on the shared servers, in a database, indices, topics and Redis keys of its own (run ${run})`,
  );
  const environment = await startFaultEnvironment(run, options.servers);
  const apiPort = await freePort();
  const clientProxy = await startTcpProxy({ port: apiPort });
  const base = () => `http://127.0.0.1:${clientProxy.port}`;
  const processLogs = join(environment.dataDir, 'processes');
  const supervisor = superviseProcesses({
    environment: environment.environment,
    replicas: options.replicas,
    logDir: processLogs,
    restartDelayMs: options.restartDelayMs,
    environmentOf: (kind): Record<string, string> => (kind === 'api' ? { PORT: String(apiPort) } : {}),
    ...(options.cli ? { cli: options.cli } : {}),
  });
  let phase = baseline;
  const phaseOf = () => phase;
  try {
    await supervisor.allRunning();
    log(`processes running: ${supervisor.replicas.map((replica) => replica.name).join(', ')}; logs in ${processLogs}`);
    const admin = await logIn(base(), demoLogins[0]!);
    const { fleet, credentials, random } = await registerFleet(
      {
        url: base(),
        email: demoLogins[0]!.email,
        password: demoLogins[0]!.password,
        probes: 60,
        rate: options.rate,
        seconds: 0,
        geography: geographies.madrid!,
        malformedShare: 0,
        flushEveryMs: 250,
        statusEverySeconds: 10,
        commandsEverySeconds: 2,
        concurrency: 8,
        seed: 19,
      },
      `f${run}`,
    );
    const topics = fleetTopicsFor(environment.topicPrefix);
    const rawPartitions = topics.specs.find((spec) => spec.name === topics.measurementsRaw)!.partitions;
    const canary = await startCanary({
      base,
      admin,
      probes: probePerPartition(fleet, rawPartitions),
      credentials,
      random,
      elasticsearchUrl: environment.elasticsearchUrl,
      measurementsAlias: environment.measurementsAlias,
      run,
    });
    const probes = startProbeLoad({ base, fleet, credentials, random, rate: options.rate, phaseOf });
    const commands = startCommandLoad({ base, admin, run, perSecond: options.commandsPerSecond, phaseOf });
    const jobs = startJobLoad({ base, admin, everySeconds: options.extractionEverySeconds, phaseOf });
    const recovery = new Map<string, number>();
    const afterReplacement = new Map<string, number>();
    const targets = { supervisor, servers: environment.servers, clientProxy };
    const load =
      `${options.rate} results/s, ${options.commandsPerSecond} commands/s, ` +
      `an extraction every ${options.extractionEverySeconds} s`;
    log(`load: ${load} (${fleet.length} probes)`);
    await sleep(options.warmUpSeconds * 1_000);
    const steady = await canary.recoverySince(Date.now());
    recovery.set(baseline, steady.seconds);
    log(`an end-to-end round without fault: ${steady.seconds.toFixed(1)} s (${steady.detail})`);
    for (const fault of options.faults) {
      phase = fault.name;
      log(`${fault.name}: injecting`);
      const injected = await fault.inject(targets);
      const injectedAt = Date.now();
      const { seconds, detail } = await canary.recoverySince(injectedAt);
      recovery.set(fault.name, seconds);
      const replacedAt = await injected?.replacementRunning;
      // Measured with the first round started once the replacement ran: an earlier round may still be waiting out a
      // request to the killed process (its 5 s timeout), which says nothing of how soon the replacement serves.
      if (replacedAt !== undefined) afterReplacement.set(fault.name, (await canary.recoverySince(replacedAt)).seconds);
      log(
        `${fault.name}: recovered in ${seconds.toFixed(1)} s (${detail}` +
          `${replacedAt === undefined ? '' : `; replacement running after ${((replacedAt - injectedAt) / 1_000).toFixed(1)} s, served again ${afterReplacement.get(fault.name)!.toFixed(1)} s after that`})`,
      );
      await sleep(options.steadySeconds * 1_000);
    }
    phase = 'drain';
    await Promise.all([commands.stop(), probes.stop(), canary.stop(), jobs.stop()]);
    log(
      `load stopped: ${probes.accepted.size} results, ${commands.stats.acknowledged} commands and ` +
        `${jobs.requested.filter((file) => file.fileId).length} extractions acknowledged`,
    );

    // Drained when the index holds every acknowledged result (or stops growing for a minute: the rest is lost).
    const probeIds = fleet.map((probe) => probe.probeId);
    let indexed = new Map<string, number>();
    for (let unchangedSince = Date.now(), last = -1; Date.now() - unchangedSince < 60_000; await sleep(2_000)) {
      indexed = await everyIndexedMeasurement(environment.elasticsearchUrl, environment.measurementsAlias, probeIds);
      if ([...probes.accepted.keys()].every((id) => indexed.has(id))) break;
      if (indexed.size !== last) unchangedSince = Date.now();
      last = indexed.size;
    }
    // The projector's last events: read until the tags read model shows every stored command (a busy machine takes
    // longer than a quiet one), at most a minute; what is still behind then is reported.
    let commandChecks = await checkCommands(environment.postgresUrl, signedFetch(base, admin), commands.tags);
    for (const deadline = Date.now() + 60_000; commandChecks.some((check) => check.readModelBehind); ) {
      if (Date.now() >= deadline) break;
      await sleep(1_000);
      commandChecks = await checkCommands(environment.postgresUrl, signedFetch(base, admin), commands.tags);
    }
    const fileChecks = await checkFiles(environment.postgresUrl, signedFetch(base, admin), jobs.requested);
    // What a read model still lacks, by name: the table counts them only.
    for (const check of commandChecks.filter((item) => item.readModelBehind))
      log(`read model behind: tag '${check.tag.name}' (${check.events} events stored, phase ${check.tag.phase})`);
    for (const check of fileChecks.filter((item) => item.readModelBehind))
      log(`read model behind: file ${check.file.fileId} not listed ready (phase ${check.file.phase})`);
    const deadLetters = await readDeadLetters(environment.kafkaBrokers, topics.measurementsDlq);
    const cubes = await checkCubes(signedFetch(base, admin));
    if (cubes.differing > 0)
      for (const line of await explainCubeDifference({
        elasticsearchUrl: environment.elasticsearchUrl,
        measurementsAlias: environment.measurementsAlias,
        brokers: environment.kafkaBrokers,
        topics: { raw: topics.measurementsRaw, enriched: topics.measurementsEnriched },
        dir: processLogs,
      }))
        log(line);

    const rows = rowsOf([baseline, ...options.faults.map((fault) => fault.name)], {
      load,
      accepted: probes.accepted,
      indexed,
      commandChecks,
      fileChecks,
      recovery,
      afterReplacement,
    });
    return { rows, cubes, deadLetters, processLogs };
  } finally {
    await supervisor.stop();
    await clientProxy.close();
    await environment.destroy();
  }
}

/** The report as one table, with the dead-letter check under it. */
export function faultTable(report: FaultRunReport) {
  const flows = ({ results, commands, files }: FlowCounts) =>
    `${results.toLocaleString('en')} / ${commands} / ${files}`;
  const lines = [
    [
      'fault',
      'accepted (results / commands / files)',
      'found',
      'lost',
      'duplicated',
      'read models behind',
      'recovery s',
      'after replacement s',
    ],
    ...report.rows.map((row) => [
      row.fault,
      flows(row.accepted),
      flows(row.found),
      flows(row.lost),
      flows(row.duplicated),
      String(row.readModelsBehind),
      row.recoverySeconds.toFixed(1),
      row.afterReplacementSeconds?.toFixed(1) ?? '',
    ]),
  ];
  const widths = lines[0]!.map((_, column) => Math.max(...lines.map((line) => line[column]!.length)));
  const table = lines.map((line) => `| ${line.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`);
  table.splice(1, 0, `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`);
  return [
    `load: ${report.rows[0]?.load}`,
    ...table,
    `dead letters: ${report.deadLetters.total}, ${report.deadLetters.withoutReason} without a reason`,
    `cubes: download values per program, destination and technology from ${report.cubes.source}: ${report.cubes.cube.toLocaleString('en')}, ` +
      `from raw measurements: ${report.cubes.raw.toLocaleString('en')}, ${report.cubes.differing} groups differing`,
  ].join('\n');
}
