import type { FleetTopics } from '@nq/platform/log/fleet-topics';
import type { LogConsumer, LogPort } from '@nq/platform/log/log-port';
import { consumerGroupOf } from '@nq/platform/log/pipeline';
import type { PlatformWorker } from '@nq/platform/platform';
import type { ReadStore } from '@nq/platform/read-store/read-store-port';
import { latestReports, probeStatusCollection } from '@nq/projections';

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
