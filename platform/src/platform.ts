import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { collectDefaultMetrics, Registry } from 'prom-client';
import type { Config } from './config/config.ts';
import type { Dependency } from './dependency.ts';
import type { ConfigurationEntity } from './entities/configuration-entity.ts';
import { type EntityCatalog, entityCatalog } from './entities/entity-catalog.ts';
import { fieldIntentRenames } from './entities/field-intents.ts';
import type { EphemeralStore } from './ephemeral/ephemeral-store-port.ts';
import { openEphemeralStore } from './ephemeral/open-ephemeral-store.ts';
import { withAppendMetrics } from './event-store/append-metrics.ts';
import type { EventStore } from './event-store/event-store-port.ts';
import { eventStoreSchema, openSqlEventStore } from './event-store/sql-event-store.ts';
import { type FileStore, openLocalFileStore } from './files/file-store.ts';
import { reportCircuits } from './health/circuit.ts';
import { type ProcessHealth, processHealth } from './health/process-health.ts';
import { jobWorkersProbe, watchWorker } from './health/worker-probes.ts';
import {
  type JobHandler,
  type JobKind,
  type JobQueue,
  type JobWorkerOptions,
  jobRegistration,
} from './jobs/job-queue-port.ts';
import { countRun, reportJobQueue, reportJobWorkers } from './jobs/jobs-health.ts';
import { openJobQueue } from './jobs/open-job-queue.ts';
import { reportConsumers, type WorkerName } from './log/consumer-health.ts';
import { openEmbeddedLog } from './log/embedded/embedded-log.ts';
import { type FleetTopics, fleetTopicsFor } from './log/fleet-topics.ts';
import { openKafkaLog } from './log/kafka/kafka-log.ts';
import type { LogConsumer, LogPort } from './log/log-port.ts';
import { type PipelineProcess, pipelineProcesses } from './log/pipeline.ts';
import { type DispatcherLog, startMailDispatcher } from './mail/mail-dispatcher.ts';
import type { MailOutbox } from './mail/mail-outbox.ts';
import type { MailPort } from './mail/mail-port.ts';
import { openMail } from './mail/open-mail.ts';
import { mailOutboxSchema, openSqlMailOutbox } from './mail/sql-mail-outbox.ts';
import type { MeasurementStore } from './measurements/measurement-store-port.ts';
import type { Projector, ProjectorAdapters } from './projector-port.ts';
import type { DocumentProjection } from './read-store/document-projection.ts';
import { openElasticsearchReadStore } from './read-store/elasticsearch-read-store.ts';
import type { ReadStore } from './read-store/read-store-port.ts';
import { openSqlReadStore } from './read-store/sql-read-store.ts';
import { platformSecretKey, platformSettingsSchema } from './secrets/platform-key.ts';
import { type SecretSealer, secretSealer } from './secrets/secret-sealer.ts';
import { ensureDatabase } from './sql/ensure-database.ts';
import { awaitSchemaSteps, type SchemaModule } from './sql/migrations.ts';
import { openPgClient } from './sql/pg-client.ts';
import { openPgliteClient } from './sql/pglite-client.ts';
import type { SqlClient } from './sql/sql-client.ts';

/**
 * The processes that run workers are the pipeline's: `projector` beside the read models, `ingest` for the fleet's
 * streams, `alerting` for the alert evaluator; each is a CLI sub-command and `start` runs them all.
 */
export const workerProcesses = pipelineProcesses;
export type WorkerProcess = PipelineProcess;

/** A worker a process runs: a log consumer (reported on /ready and /metrics) or a task. */
export interface PlatformWorker {
  name: WorkerName | string;
  /** The process kind that runs it (`start` runs every kind). */
  runsIn: WorkerProcess;
  start(platform: Platform, options: WorkerOptions): Promise<LogConsumer | { stop(): Promise<void> }>;
}
export interface WorkerOptions {
  log?: DispatcherLog;
  /** The kinds of workers to start (default: every kind). The projector's kind also delivers the mail outbox. */
  processes?: readonly WorkerProcess[];
}

/** A kind of job a feature declares, and its handler given the platform of the process that runs it. */
export interface PlatformJob<Payload = unknown> {
  kind: JobKind<Payload>;
  handler(platform: Platform): JobHandler<Payload>;
}

export const platformJob = <Payload>(
  kind: JobKind<Payload>,
  handler: (platform: Platform) => JobHandler<Payload>,
): PlatformJob => ({ kind, handler }) as PlatformJob;

/**
 * What the platform runs for the features, handed over by whoever composes a process (the CLI, the tests): the
 * projector keeping the read models, the measurements read model and the workers `startWorkers` starts. The platform
 * itself knows no feature and no read model: it opens the adapters and hands them over.
 */
export interface PlatformRuns {
  /** The configuration entities the features bring, and the read model each is projected into. */
  entities: readonly ConfigurationEntity[];
  projectionOf(entity: ConfigurationEntity): DocumentProjection;
  createProjector(adapters: ProjectorAdapters): Projector;
  openMeasurements(config: Config, sql: SqlClient): Promise<MeasurementStore>;
  workers: readonly PlatformWorker[];
  /** The job kinds the features declare: every process can enqueue them; `startJobWorkers` runs them. */
  jobs?: readonly PlatformJob[];
  /** The tables the features own in the event store's database (migrated by each feature, backed up by `nq backup`). */
  schemas?: readonly SchemaModule[];
}

const isConsumer = (started: LogConsumer | { stop(): Promise<void> }): started is LogConsumer => 'status' in started;

/** The adapters chosen by configuration, opened once and shared by every process running in this one. */
export interface Platform {
  config: Config;
  sql: SqlClient;
  eventStore: EventStore;
  readStore: ReadStore;
  projector: Projector;
  log: LogPort;
  ephemeral: EphemeralStore;
  /** Delivers e-mail (SMTP, or files in the outbox folder): features go through `mailOutbox`, never to it directly. */
  mail: MailPort;
  /** Where features queue e-mail; the workers' dispatcher delivers it through `mail`, retrying. */
  mailOutbox: MailOutbox;
  /** Key material every signing and sealing key derives from. */
  secretKey: string;
  /** Seals secrets at rest (probe credentials). */
  secrets: SecretSealer;
  /** The measurements read model. */
  measurements: MeasurementStore;
  /** Every configuration entity by kind: its commands, rules, visibility and read model. */
  entities: EntityCatalog;
  /** The fleet's topics (created at open). */
  topics: FleetTopics;
  /** Where features enqueue asynchronous work (the job kinds of `PlatformRuns.jobs`) and follow it. */
  jobs: JobQueue;
  /** Where jobs write the files users download (`FILES_DIR`): written under a temporary name, renamed when complete. */
  files: FileStore;
  /** Every schema module of the event store's database: the platform's adapters' own, then the features'. */
  schemas: readonly SchemaModule[];
  /** Starts the workers it was given of the process kinds asked for (and the mail dispatcher with the projector's). */
  startWorkers(options?: WorkerOptions): Promise<() => Promise<void>>;
  /** Starts the job workers of every declared kind (the `jobs` process, and `start`); resolves to their stop. */
  startJobWorkers(options?: WorkerOptions): Promise<() => Promise<void>>;
  metrics: Registry;
  dependencies: Dependency[];
  /** The components of this process (its workers, the projector) as /ready of a worker process reports them. */
  health: ProcessHealth;
  close(): Promise<void>;
}

async function openSql(config: Config): Promise<SqlClient> {
  if (config.adapters.eventStore === 'pglite') {
    const dir = join(config.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    return openPgliteClient(dir);
  }
  await ensureDatabase(config.postgres);
  return openPgClient(config.postgres, {
    connectTimeoutMs: config.postgres.connectTimeoutMs,
    circuitOpenMs: config.postgres.circuitOpenMs,
  });
}

export async function openPlatform(
  config: Config,
  runs: PlatformRuns,
  /** `health`: the process's own, when it answers /ready before the platform has opened. */
  options: { inMemory?: boolean; health?: ProcessHealth } = {},
): Promise<Platform> {
  const health = options.health ?? processHealth();
  const closers: (() => Promise<unknown>)[] = [];
  const sql = options.inMemory ? await openPgliteClient() : await openSql(config);
  closers.push(() => sql.close());
  if (config.schemaMigrations === 'await' && !options.inMemory) awaitSchemaSteps(sql);
  const metrics = new Registry();
  collectDefaultMetrics({ register: metrics });
  reportCircuits(metrics);
  // Updates stored before a field intent was declared read under its name, for the deciders, projections and audit.
  const renames = fieldIntentRenames(runs.entities.map((entity) => entity.definition));
  const eventStore = withAppendMetrics(await openSqlEventStore(sql, { renames }), metrics);
  const secretKey = await platformSecretKey(sql, config.secretKey);
  const secrets = secretSealer(config.probeSecretsKey ?? secretKey);
  const entities = entityCatalog(runs.entities, {
    eventStore,
    settings: config.configuration,
    seal: secrets.seal,
    projectionOf: runs.projectionOf,
  });
  const log = config.adapters.log === 'kafka' ? await openKafkaLog(config.kafka) : await openEmbeddedLog(sql);
  closers.push(() => log.close());
  const topics = fleetTopicsFor(config.kafka.topicPrefix);
  await log.ensureTopics(topics.specs).catch(() => undefined); // a broker down at start is reported by /ready
  const readStore =
    config.adapters.readStore === 'elasticsearch'
      ? await openElasticsearchReadStore({
          ...config.elasticsearch,
          indexPrefix: `${config.elasticsearch.indexPrefix}-rm`,
          shardStartWaitMs: config.readStoreShardWaitMs,
        })
      : await openSqlReadStore(sql);
  closers.push(() => readStore.close());
  const ephemeral = await openEphemeralStore({
    adapter: config.adapters.ephemeralStore,
    redisUrl: config.redis.url,
    prefix: `${config.elasticsearch.indexPrefix}:`,
  });
  closers.push(() => ephemeral.close());
  const mail = await openMail({
    adapter: config.adapters.mail,
    smtpUrl: config.mail.smtpUrl,
    from: config.mail.from,
    outboxDir: join(config.dataDir, 'outbox'),
  });
  closers.push(() => mail.close());
  const mailOutbox = await openSqlMailOutbox(sql);
  const measurements = await runs.openMeasurements(config, sql);
  closers.push(() => measurements.close());
  const projector = runs.createProjector({ eventStore, readStore, metrics, readYourWritesMs: config.readYourWritesMs });
  closers.push(() => projector.stop());

  const dependencies: Dependency[] = [
    { name: 'event-store', adapter: sql.dialect, check: async () => void (await sql.query('select 1')) },
    { name: 'log', adapter: log.adapter, check: () => log.ping() },
  ];
  dependencies.push({ name: 'read-store', adapter: readStore.adapter, check: () => readStore.ping() });
  dependencies.push({ name: 'ephemeral-store', adapter: ephemeral.adapter, check: () => ephemeral.ping() });
  const declaredJobs = runs.jobs ?? [];
  const jobs = await openJobQueue({
    adapter: config.adapters.jobs,
    redisUrl: config.redis.url,
    prefix: `${config.elasticsearch.indexPrefix}-jobs`,
    sql,
    kinds: declaredJobs.map((job) => job.kind),
  });
  closers.push(() => jobs.close());
  dependencies.push({ name: 'jobs', adapter: jobs.adapter, check: () => jobs.ping() });
  reportJobQueue(jobs, metrics);
  const files = await openLocalFileStore(config.filesDir);

  const platform: Platform = {
    config,
    sql,
    eventStore,
    readStore,
    projector,
    log,
    ephemeral,
    mail,
    mailOutbox,
    secretKey,
    secrets,
    entities,
    topics,
    measurements,
    jobs,
    files,
    schemas: [eventStoreSchema, platformSettingsSchema, mailOutboxSchema, ...(runs.schemas ?? [])],
    async startJobWorkers(options = {}) {
      const workerOptions: JobWorkerOptions = {
        ...(options.log ? { log: options.log } : {}),
        onRunEnded: (kind, outcome, seconds) => countRun(metrics, kind, outcome, seconds),
      };
      const registrations = declaredJobs.map((job) => jobRegistration(job.kind, job.handler(platform)));
      health.starting('jobs-worker', 'registering the job kinds with the queue');
      const workers = await jobs.startWorkers(registrations, workerOptions);
      const stopReporting = reportJobWorkers(workers, { dependencies, metrics, adapter: jobs.adapter });
      const forget = health.watch('jobs-worker', jobWorkersProbe(workers, jobs));
      return async () => {
        forget();
        stopReporting();
        await workers.stop();
      };
    },
    async startWorkers(options = {}) {
      const processes = options.processes ?? workerProcesses;
      // Side by side: each joins its own consumer group, and a replacement process should consume again soonest.
      // Listed (on /ready) by process along the pipeline, then in the features' order.
      const started = await Promise.all(
        workerProcesses
          .filter((process) => processes.includes(process))
          .flatMap((process) => runs.workers.filter((worker) => worker.runsIn === process))
          .map(async (worker) => {
            health.starting(worker.name, 'starting (a consumer joins its group and is given its partitions)');
            return [worker.name, await worker.start(platform, options)] as const;
          }),
      );
      const forgetting = started.map(([name, worker]) => watchWorker(health, name, worker, log));
      const stopReporting = reportConsumers(
        Object.fromEntries(started.filter(([, worker]) => isConsumer(worker))) as Partial<
          Record<WorkerName, LogConsumer>
        >,
        { dependencies, metrics, adapter: log.adapter, log },
      );
      const consumers = started.map(([, worker]) => worker);
      if (processes.includes('projector')) {
        consumers.push(
          await startMailDispatcher({
            outbox: mailOutbox,
            mail,
            maxAttempts: config.mail.maxAttempts,
            retrySeconds: config.mail.retrySeconds,
            metrics,
            ...(options.log ? { log: options.log } : {}),
          }),
        );
        forgetting.push(watchWorker(health, 'mail-delivery', consumers.at(-1)!, log));
      }
      return async () => {
        for (const forget of forgetting) forget();
        stopReporting();
        await Promise.all(consumers.map((consumer) => consumer.stop()));
      };
    },
    metrics,
    dependencies,
    health,
    close: async () => {
      for (const close of closers.reverse()) await close().catch(() => undefined);
    },
  };
  return platform;
}
