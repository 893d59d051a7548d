import { csvDocument } from '@nq/platform/csv/csv-writer';
import { MAX_PROBE_ROWS } from '@nq/services/features/probes/probe-csv';
import type { PanelProbe } from './panel-probes.ts';

/** The columns the console's import template offers that the panel fills (probe-csv-columns.ts names them all). */
const columns = [
  { label: 'probeId', value: (probe: PanelProbe) => probe.probeId },
  { label: 'name', value: (probe: PanelProbe) => probe.name },
  { label: 'family', value: (probe: PanelProbe) => probe.kind.family },
  { label: 'type', value: (probe: PanelProbe) => probe.kind.type },
  { label: 'deployment', value: () => 'Production' },
  { label: 'campaign', value: (probe: PanelProbe) => probe.campaign ?? '' },
  { label: 'taskSuite', value: (probe: PanelProbe) => probe.kind.taskSuite },
  { label: 'country', value: () => 'Spain' },
  { label: 'region', value: (probe: PanelProbe) => probe.province.name },
  { label: 'town', value: (probe: PanelProbe) => probe.province.name },
  { label: 'postCode', value: (probe: PanelProbe) => probe.postCode },
  { label: 'latitude', value: (probe: PanelProbe) => probe.lat },
  { label: 'longitude', value: (probe: PanelProbe) => probe.lon },
  { label: 'timeZone', value: (probe: PanelProbe) => probe.province.timeZone },
  { label: 'input', value: (probe: PanelProbe) => probe.kind.input },
  { label: 'operator', value: (probe: PanelProbe) => probe.operator.provider.name },
];

/** The probes as the CSV files the console would send: as many as the import's row limit asks for. */
export function probeCsvFiles(probes: readonly PanelProbe[], rowsPerFile = MAX_PROBE_ROWS) {
  const files: { name: string; rows: number; text: string }[] = [];
  for (let first = 0; first < probes.length; first += rowsPerFile) {
    const rows = probes.slice(first, first + rowsPerFile);
    files.push({ name: `panel-${files.length + 1}.csv`, rows: rows.length, text: csvDocument(columns, rows) });
  }
  return files;
}
