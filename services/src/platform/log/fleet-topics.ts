import type { TopicSpec } from './log-port.ts';

/**
 * The topics between the probe fleet and the platform, keyed by probe id. A prefix (TOPIC_PREFIX) lets
 * several environments share one Kafka cluster.
 */
export function fleetTopicsFor(prefix = '') {
  const topics = {
    measurementsRaw: `${prefix}measurements.raw`,
    measurementsDlq: `${prefix}measurements.dlq`,
    measurementsEnriched: `${prefix}measurements.enriched`,
    probeStatus: `${prefix}probe.status`,
    probeCommands: `${prefix}probe.commands`,
  };
  const specs: TopicSpec[] = [
    { name: topics.measurementsRaw, partitions: 12 },
    { name: topics.measurementsDlq, partitions: 3 },
    { name: topics.measurementsEnriched, partitions: 12 },
    { name: topics.probeStatus, partitions: 6 },
    { name: topics.probeCommands, partitions: 6 },
  ];
  return { ...topics, specs };
}

export type FleetTopics = ReturnType<typeof fleetTopicsFor>;
