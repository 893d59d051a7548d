import type { FleetTopics } from '@nq/platform/log/fleet-topics';
import type { LogConsumer, LogPort } from '@nq/platform/log/log-port';
import { consumerGroupOf } from '@nq/platform/log/pipeline';
import { processLog } from '@nq/platform/logging/process-log';
import type { PlatformWorker } from '@nq/platform/platform';
import type { ReadStore } from '@nq/platform/read-store/read-store-port';
import { latestReports, probeStatusCollection } from '@nq/projections';
import { catchUpFleetReports, fleetFollowingReports } from './fleet-reports.ts';

/**
 * The probe status read model: a consumer group on `probe.status` keeps each probe's last report, and takes it into
 * the fleet read model. Offsets are committed after the writes; a redelivered report is harmless (its version is its
 * report time). At start, the reports the fleet read model lacks are taken in, in the background.
 */
export async function startProbeStatusWorker(
  log: LogPort,
  readStore: ReadStore,
  topics: FleetTopics,
): Promise<LogConsumer> {
  const fleet = fleetFollowingReports(readStore);
  const consumer = await log.consume({
    groupId: consumerGroupOf(topics, 'probeStatus'),
    topics: [topics.probeStatus],
    maxBatchSize: 500,
    // A batch's writes cost about the same for one report as for hundreds (the embedded database commits each on
    // disk): half a second of reports go together, a heartbeat a minute from 100,000 probes in a few writes a second.
    lingerMs: 500,
    handle: async (records) => {
      const { writes } = latestReports(records);
      if (writes.length === 0) return;
      await readStore.write('probe-status', probeStatusCollection, writes);
      await fleet.follow(writes.flatMap(({ doc }) => (doc ? [doc] : [])));
    },
  });
  const stopping = new AbortController();
  const catchingUp = catchUpFleetReports(readStore, stopping.signal).catch((error: unknown) =>
    processLog().warn({ err: error }, 'the fleet read model could not take in the stored probe reports'),
  );
  const finishing = async () => {
    stopping.abort();
    fleet.stop();
    await catchingUp;
  };
  return {
    stop: async () => {
      await finishing();
      await consumer.stop();
    },
    abort: async () => {
      await finishing();
      await consumer.abort();
    },
    status: () => consumer.status(),
  };
}

/** The probe status read model's worker, as processes that run ingest start it. */
export const probeStatusWorker: PlatformWorker = {
  name: 'probe-status-worker',
  runsIn: 'ingest',
  start: (platform) => startProbeStatusWorker(platform.log, platform.readStore, platform.topics),
};
