/**
 * How a measurement travels, declared once: the topics between the probe fleet and the platform, who produces each,
 * and the consumer groups that read them, with the process that runs each and what it writes. The topics' names and
 * partitions (`fleetTopicsFor`) and the workers' consumer groups (`consumerGroupOf`) come from here; pipeline.test.ts
 * holds the workers, the CLI and the Kubernetes manifests (topics, the Kafka user's ACLs, the Deployments) to it.
 *
 * probe → gateway → measurements.raw → ingest → measurements store, measurements.enriched (→ cubes, alerting) and
 * measurements.dlq; probe status → probe.status → its read model; launches → probe.commands.
 */

/**
 * The processes that run a consumer, by the CLI sub-command that runs each alone (`start` runs them all in one): the
 * platform's worker processes, where each `PlatformWorker` a feature declares runs (its `runsIn`).
 */
export const pipelineProcesses = ['projector', 'ingest', 'alerting'] as const;
export type PipelineProcess = (typeof pipelineProcesses)[number];

/** What a consumer writes besides topics. */
export type PipelineStore =
  | 'measurements store'
  | 'probe status read model'
  | 'cube rows'
  | 'alert group states'
  | 'alert history'
  | 'mail outbox';

interface TopicDeclaration {
  /** Its name under no TOPIC_PREFIX. */
  name: string;
  /** What its records are keyed by: a probe's records stay in order on one partition. */
  key: 'probe id';
  partitions: number;
  /** Who puts records on it: a consumer of the pipeline by its name, or the route or process that does. */
  producedBy: readonly string[];
}

const topics = {
  measurementsRaw: {
    name: 'measurements.raw',
    key: 'probe id',
    partitions: 12,
    producedBy: [
      'gateway POST /gateway/v1/results',
      "gateway POST /gateway/v1/commands/:launchId (a launch's measurement)",
    ],
  },
  measurementsDlq: { name: 'measurements.dlq', key: 'probe id', partitions: 3, producedBy: ['ingest'] },
  measurementsEnriched: {
    name: 'measurements.enriched',
    key: 'probe id',
    partitions: 12,
    producedBy: ['ingest', "the demo's history (start with DEMO_DATA)"],
  },
  probeStatus: {
    name: 'probe.status',
    key: 'probe id',
    partitions: 6,
    producedBy: ['gateway POST /gateway/v1/status'],
  },
  probeCommands: {
    name: 'probe.commands',
    key: 'probe id',
    partitions: 6,
    producedBy: ['launcher POST /api/launches'],
  },
} as const satisfies Record<string, TopicDeclaration>;

export type PipelineTopic = keyof typeof topics;

interface ConsumerDeclaration {
  /** The topic its group reads. */
  reads: PipelineTopic;
  /** Its group is `<topic>.<groupSuffix>`: deployments' committed offsets are kept under that name. */
  groupSuffix: string;
  runsIn: PipelineProcess;
  writes: readonly (PipelineTopic | PipelineStore)[];
}

const consumers = {
  ingest: {
    reads: 'measurementsRaw',
    groupSuffix: 'ingest',
    runsIn: 'ingest',
    writes: ['measurements store', 'measurementsDlq', 'measurementsEnriched'],
  },
  probeStatus: {
    reads: 'probeStatus',
    groupSuffix: 'read-model',
    runsIn: 'ingest',
    writes: ['probe status read model'],
  },
  cubes: { reads: 'measurementsEnriched', groupSuffix: 'cubes', runsIn: 'ingest', writes: ['cube rows'] },
  alerting: {
    reads: 'measurementsEnriched',
    groupSuffix: 'alerting',
    runsIn: 'alerting',
    writes: ['alert group states', 'alert history', 'mail outbox'],
  },
} as const satisfies Record<string, ConsumerDeclaration>;

export type PipelineConsumer = keyof typeof consumers;

export const pipeline: {
  topics: Readonly<Record<PipelineTopic, TopicDeclaration>>;
  consumers: Readonly<Record<PipelineConsumer, ConsumerDeclaration>>;
} = { topics, consumers };

/**
 * A consumer's group, given the topic names under the deployment's TOPIC_PREFIX (`platform.topics`), e.g.
 * `consumerGroupOf(topics, 'ingest')` is `measurements.raw.ingest` with no prefix.
 */
export function consumerGroupOf<Name extends PipelineConsumer>(
  topicNames: Pick<Record<PipelineTopic, string>, (typeof consumers)[Name]['reads']>,
  name: Name,
): string {
  const consumer = pipeline.consumers[name];
  return `${(topicNames as Partial<Record<PipelineTopic, string>>)[consumer.reads]}.${consumer.groupSuffix}`;
}
