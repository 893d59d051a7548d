import type { ProbeStatusDetail, ProbeStatusRow } from '@nq/contracts';
import type { ReadDocument } from '@nq/platform/read-store/read-store-port';

/** A probe's configuration and its last report (none when it never reported). */
export interface ProbeWithStatus {
  probe: ReadDocument;
  status: ReadDocument | undefined;
}

const text = (value: unknown) => (typeof value === 'string' ? value : null);
const number = (value: unknown) => (typeof value === 'number' ? value : null);

/** A probe and its last report as one probe's status answers them (the lists answer the fleet read model's rows). */
export const statusRowOf = ({ probe, status }: ProbeWithStatus): ProbeStatusRow => ({
  probeId: probe.id,
  name: String(probe.name ?? probe.id),
  type: String(probe.type ?? ''),
  status: String(probe.status ?? ''),
  state: text(status?.state),
  lastReportAt: text(status?.lastReportAt),
  technology: number(status?.technology),
  operator: text(status?.operator),
  battery: number(status?.battery),
});

/**
 * One probe with its last report and what its agent said of itself. The last contact is the gateway's receipt of
 * that report (`receivedAt`, stamped by the gateway when it put the report on the topic).
 */
export const statusDetailOf = (entry: ProbeWithStatus): ProbeStatusDetail => ({
  ...statusRowOf(entry),
  lastContactAt: text(entry.status?.receivedAt),
  softwareVersion: text(entry.status?.softwareVersion),
  bufferedResults: number(entry.status?.bufferedResults),
  droppedResults: number(entry.status?.droppedResults),
  clockOffsetMs: number(entry.status?.clockOffsetMs),
});
