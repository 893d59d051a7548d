import { type ProbeStatusReport, pathOfForbiddenText, probeStatusReportSchema } from '@nq/contracts';
import type { FleetTopics } from '../../platform/log/fleet-topics.ts';
import type { LogConsumer, LogPort, LogRecord } from '../../platform/log/log-port.ts';
import type { PlatformWorker } from '../../platform/platform.ts';
import type { DocumentWrite, ReadStore } from '../../platform/read-store/read-store-port.ts';

export const probeStatusCollection = 'probe-status';

/** The newest valid report of each probe in a batch (a report older than the stored one never replaces it). */
export function latestReports(records: Pick<LogRecord, 'value'>[]) {
  const latest = new Map<string, ProbeStatusReport & { receivedAt?: string }>();
  let invalid = 0;
  for (const record of records) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(record.value);
    } catch {
      invalid++;
      continue;
    }
    const result = probeStatusReportSchema.safeParse(parsed);
    // Text no store may hold (refused at the gateway too) would be refused by the read model for ever.
    if (!result.success || pathOfForbiddenText(parsed)) {
      invalid++;
      continue;
    }
    const report = {
      ...result.data,
      receivedAt: (parsed as { receivedAt?: string }).receivedAt ?? result.data.reportedAt,
    };
    const known = latest.get(report.probeId);
    if (!known || Date.parse(known.reportedAt) < Date.parse(report.reportedAt)) latest.set(report.probeId, report);
  }
  const writes: DocumentWrite[] = [...latest.values()].map((report) => ({
    id: report.probeId,
    doc: { id: report.probeId, ...report, lastReportAt: report.reportedAt },
    version: BigInt(Date.parse(report.reportedAt)),
  }));
  return { writes, invalid };
}

/**
 * The probe status read model (issue 5): a consumer group on `probe.status` keeps each probe's last report. Offsets
 * are committed after the write; a redelivered report is harmless (its version is its report time).
 */
export async function startProbeStatusWorker(
  log: LogPort,
  readStore: ReadStore,
  topics: FleetTopics,
): Promise<LogConsumer> {
  return log.consume({
    groupId: `${topics.probeStatus}.read-model`,
    topics: [topics.probeStatus],
    maxBatchSize: 500,
    handle: async (records) => {
      const { writes } = latestReports(records);
      if (writes.length > 0) await readStore.write('probe-status', probeStatusCollection, writes);
    },
  });
}

/** The probe status read model's worker, as processes that run projections start it. */
export const probeStatusWorker: PlatformWorker = {
  name: 'probe-status-worker',
  start: (platform) => startProbeStatusWorker(platform.log, platform.readStore, platform.topics),
};
