import { type ProbeStatusReport, pathOfForbiddenText, probeStatusReportSchema } from '@nq/contracts';
import type { LogRecord } from '@nq/platform/log/log-port';
import type { DocumentWrite } from '@nq/platform/read-store/read-store-port';

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
