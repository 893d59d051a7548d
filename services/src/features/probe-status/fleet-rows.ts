import type { ProbeFleetRow, ProbeStatusRow } from '@nq/contracts';
import { geoPointField } from '@nq/platform/read-store/read-store-aggregations';
import type { ReadDocument } from '@nq/platform/read-store/read-store-port';

const text = (value: unknown) => (typeof value === 'string' ? value : null);
const number = (value: unknown) => (typeof value === 'number' ? value : null);

/** A probe's fleet document (projections' probe-fleet) as the probe maps and the CSV export answer it. */
export const statusRowOfFleet = (document: ReadDocument): ProbeStatusRow => ({
  probeId: document.id,
  name: String(document.name ?? document.id),
  type: String(document.type ?? ''),
  status: String(document.status ?? ''),
  state: text(document.state),
  lastReportAt: text(document.lastReportAt),
  technology: number(document.technology),
  operator: text(document.operator),
  battery: number(document.battery),
});

/** As the probe status list answers it: with where the probe is. */
export const fleetRowOf = (document: ReadDocument): ProbeFleetRow => {
  const position = document[geoPointField] as { lat: number; lon: number } | undefined;
  return { ...statusRowOfFleet(document), position: position ? { lat: position.lat, lon: position.lon } : null };
};
