import { type Dimension, defaultMeasurementSource, type EnrichedMeasurement } from '@nq/contracts';
import type { SchemaModule } from '@nq/platform/sql/migrations';

// The fields the analytics filter and group by are columns; the whole document stays in `doc`.
const tables = `
create table if not exists measurements (
  measurement_id text primary key,
  probe_id text not null,
  measured_at timestamptz not null,
  received_at timestamptz not null,
  program text not null,
  test_type text not null,
  technology smallint not null,
  isp text,
  provider text,
  task_mode text not null,
  status text not null,
  probe_type text,
  hour smallint not null,
  weekday smallint not null,
  fringe smallint not null,
  campaigns text[] not null,
  clusters text[] not null,
  universes text[] not null,
  tags text[] not null,
  destination text,
  lat double precision,
  lon double precision,
  kpis jsonb not null,
  doc jsonb not null);
create index if not exists measurements_by_time on measurements (measured_at);
create index if not exists measurements_by_probe on measurements (probe_id, measured_at);
`;

/** The column each analytics dimension filters and groups by (a cube's rows have the same names). */
export const dimensionColumns: Record<Dimension, { column: string; type: 'text' | 'int'; list?: true }> = {
  program: { column: 'program', type: 'text' },
  testType: { column: 'test_type', type: 'text' },
  status: { column: 'status', type: 'text' },
  destination: { column: 'destination', type: 'text' },
  // An ISP is a provider (its id); the name it was reported under stays in `isp` for display.
  isp: { column: 'isp_id', type: 'text' },
  provider: { column: 'provider', type: 'text' },
  technology: { column: 'technology', type: 'int' },
  probe: { column: 'probe_id', type: 'text' },
  probeType: { column: 'probe_type', type: 'text' },
  campaign: { column: 'campaigns', type: 'text', list: true },
  universe: { column: 'universes', type: 'text', list: true },
  cluster: { column: 'clusters', type: 'text', list: true },
  tag: { column: 'tags', type: 'text', list: true },
  fringe: { column: 'fringe', type: 'int' },
  source: { column: 'source', type: 'text' },
};

/** The table, step by step (a later change is a new step). */
export const measurementsSchema: SchemaModule = {
  name: 'measurements',
  migrations: [
    { id: '1-tables', up: tables },
    // ISPs are identified by provider id; measurements stored before get theirs at start-up (stored-isp-ids.ts).
    { id: '2-isp-id', up: 'alter table measurements add column if not exists isp_id text' },
    // Measurements stored before reported no connected devices: the column stays empty for them.
    { id: '3-connected-devices', up: 'alter table measurements add column if not exists connected_devices integer' },
    // Where ingest read each measurement: a copy sent again by its probe is told from a batch delivered again.
    {
      id: '4-ingest-source',
      up: `alter table measurements add column if not exists ingest_partition integer;
alter table measurements add column if not exists ingest_offset bigint`,
    },
    // Measurements stored before sources were recorded were all the panel's: the default fills their rows as the
    // column is added (a constant default, so PostgreSQL rewrites no row), and filters need no case for a missing one.
    {
      id: '5-source',
      up: `alter table measurements add column if not exists source text not null default '${defaultMeasurementSource}'`,
    },
  ],
};

export const measurementColumns = [
  'measurement_id',
  'probe_id',
  'measured_at',
  'received_at',
  'program',
  'test_type',
  'technology',
  'isp',
  'isp_id',
  'provider',
  'task_mode',
  'status',
  'probe_type',
  'hour',
  'weekday',
  'fringe',
  'campaigns',
  'clusters',
  'universes',
  'tags',
  'destination',
  'lat',
  'lon',
  'connected_devices',
  'source',
  'ingest_partition',
  'ingest_offset',
  'kpis',
  'doc',
] as const;

/** The row of a measurement: its columns, and the whole document in `doc`. */
export const measurementRowOf = (m: EnrichedMeasurement) => ({
  measurement_id: m.measurementId,
  probe_id: m.probeId,
  measured_at: m.measuredAt,
  received_at: m.receivedAt,
  program: m.program,
  test_type: m.testType,
  technology: m.technology,
  isp: m.isp ?? null,
  isp_id: m.ispId ?? null,
  provider: m.provider ?? null,
  task_mode: m.taskMode,
  status: m.status,
  probe_type: m.probeType ?? null,
  hour: m.hour,
  weekday: m.weekday,
  fringe: m.fringe,
  campaigns: m.campaigns,
  clusters: m.clusters,
  universes: m.universes,
  tags: m.tags,
  destination: m.destination?.name ?? null,
  lat: m.location?.lat ?? null,
  lon: m.location?.lon ?? null,
  connected_devices: m.connectedDevices ?? null,
  source: m.source ?? defaultMeasurementSource,
  ingest_partition: m.ingestSource?.partition ?? null,
  ingest_offset: m.ingestSource?.offset ?? null,
  kpis: m.kpis,
  doc: m,
});
