import type { TopicSpec } from './log-port.ts';
import { type PipelineTopic, pipeline } from './pipeline.ts';

/**
 * The topics between the probe fleet and the platform, keyed by probe id, with their partitions (as pipeline.ts
 * declares them). A prefix (TOPIC_PREFIX) lets several environments share one Kafka cluster.
 */
export function fleetTopicsFor(prefix = '') {
  const declared = Object.entries(pipeline.topics) as [PipelineTopic, (typeof pipeline.topics)[PipelineTopic]][];
  const topics = Object.fromEntries(declared.map(([topic, { name }]) => [topic, `${prefix}${name}`])) as Record<
    PipelineTopic,
    string
  >;
  const specs: TopicSpec[] = declared.map(([topic, { partitions }]) => ({ name: topics[topic], partitions }));
  return { ...topics, specs };
}

export type FleetTopics = ReturnType<typeof fleetTopicsFor>;
