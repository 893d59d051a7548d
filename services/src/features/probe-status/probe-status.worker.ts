import { latestReports, probeStatusCollection } from '@nq/projections';
import type { FleetTopics } from '../../platform/log/fleet-topics.ts';
import type { LogConsumer, LogPort } from '../../platform/log/log-port.ts';
import { consumerGroupOf } from '../../platform/log/pipeline.ts';
import type { PlatformWorker } from '../../platform/platform.ts';
import type { ReadStore } from '../../platform/read-store/read-store-port.ts';

/**
 * The probe status read model: a consumer group on `probe.status` keeps each probe's last report. Offsets
 * are committed after the write; a redelivered report is harmless (its version is its report time).
 */
export async function startProbeStatusWorker(
  log: LogPort,
  readStore: ReadStore,
  topics: FleetTopics,
): Promise<LogConsumer> {
  return log.consume({
    groupId: consumerGroupOf(topics, 'probeStatus'),
    topics: [topics.probeStatus],
    maxBatchSize: 500,
    handle: async (records) => {
      const { writes } = latestReports(records);
      if (writes.length > 0) await readStore.write('probe-status', probeStatusCollection, writes);
    },
  });
}

/** The probe status read model's worker, as processes that run ingest start it. */
export const probeStatusWorker: PlatformWorker = {
  name: 'probe-status-worker',
  runsIn: 'ingest',
  start: (platform) => startProbeStatusWorker(platform.log, platform.readStore, platform.topics),
};
