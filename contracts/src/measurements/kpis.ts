import type { testTypes } from './measurement.ts';

type TestType = (typeof testTypes)[number];

export interface KpiDefinition {
  id: string;
  label: { en: string; es: string };
  unit: string;
  testTypes: readonly TestType[];
  /** Lower is better (latency, loss…): scorecards and colour scales read it inverted. */
  inverse: boolean;
  /** The fringes it is shown in by default (docs/product/entities.md#value-lists: 0 morning, 1 afternoon, 2 night). */
  defaultFringes: readonly (0 | 1 | 2)[];
}

const allDay = [0, 1, 2] as const;

/** The KPI catalogue, the values a measurement's `kpis` may carry. */
export const kpiCatalogue = [
  {
    id: 'download',
    label: { en: 'Download speed', es: 'Velocidad de descarga' },
    unit: 'Mbps',
    testTypes: ['http-download', 'ftp-download'],
    inverse: false,
    defaultFringes: allDay,
  },
  {
    id: 'upload',
    label: { en: 'Upload speed', es: 'Velocidad de subida' },
    unit: 'Mbps',
    testTypes: ['http-upload', 'ftp-upload'],
    inverse: false,
    defaultFringes: allDay,
  },
  {
    id: 'latency',
    label: { en: 'Latency', es: 'Latencia' },
    unit: 'ms',
    testTypes: ['http-download', 'http-upload', 'icmp-ping', 'tcp-ping', 'twamp', 'gaming'],
    inverse: true,
    defaultFringes: allDay,
  },
  {
    id: 'jitter',
    label: { en: 'Jitter', es: 'Jitter' },
    unit: 'ms',
    testTypes: ['icmp-ping', 'tcp-ping', 'twamp', 'voip', 'gaming'],
    inverse: true,
    defaultFringes: allDay,
  },
  {
    id: 'loss',
    label: { en: 'Packet loss', es: 'Pérdida de paquetes' },
    unit: '%',
    testTypes: ['icmp-ping', 'tcp-ping', 'twamp', 'voip', 'gaming'],
    inverse: true,
    defaultFringes: allDay,
  },
  {
    id: 'resolution',
    label: { en: 'DNS resolution time', es: 'Tiempo de resolución DNS' },
    unit: 'ms',
    testTypes: ['dns'],
    inverse: true,
    defaultFringes: allDay,
  },
  {
    id: 'loadTime',
    label: { en: 'Page load time', es: 'Tiempo de carga de página' },
    unit: 'ms',
    testTypes: ['web-browsing'],
    inverse: true,
    defaultFringes: allDay,
  },
  {
    id: 'startTime',
    label: { en: 'Video start time', es: 'Tiempo de inicio de vídeo' },
    unit: 'ms',
    testTypes: ['video'],
    inverse: true,
    defaultFringes: allDay,
  },
  {
    id: 'mos',
    label: { en: 'MOS', es: 'MOS' },
    unit: '1–5',
    testTypes: ['video', 'voip'],
    inverse: false,
    defaultFringes: allDay,
  },
  {
    id: 'hops',
    label: { en: 'Hops', es: 'Saltos' },
    unit: 'hops',
    testTypes: ['traceroute'],
    inverse: true,
    defaultFringes: allDay,
  },
  {
    id: 'deliveryTime',
    label: { en: 'Message delivery time', es: 'Tiempo de entrega de mensaje' },
    unit: 'ms',
    testTypes: ['messaging'],
    inverse: true,
    defaultFringes: allDay,
  },
] as const satisfies readonly KpiDefinition[];

export type KpiId = (typeof kpiCatalogue)[number]['id'];
export const kpiIds = kpiCatalogue.map((kpi) => kpi.id) as KpiId[];
export const kpiById = new Map<string, KpiDefinition>(kpiCatalogue.map((kpi) => [kpi.id, kpi]));

/**
 * The KPI id of a percentile of a catalogue KPI, as probes send it (a task's `percentiles`): `latencyP90`,
 * `downloadP99_9` — no dot, since a dotted key would be an object path in Elasticsearch's mapping.
 */
export const percentileKpiId = (kpi: string, percentile: number) => `${kpi}P${String(percentile).replace('.', '_')}`;

const percentileKpi = /^(.+)P(\d+(?:_\d+)?)$/;

/**
 * What a KPI id a measurement carries stands for: a catalogue KPI, or a percentile of one (`latencyP90` reads
 * "Latency (p90)", in the KPI's unit); undefined for any other id.
 */
export function kpiDefinitionOf(id: string): KpiDefinition | undefined {
  const known = kpiById.get(id);
  if (known) return known;
  const [, base, percentile] = percentileKpi.exec(id) ?? [];
  const of = base ? kpiById.get(base) : undefined;
  if (!of || !percentile) return undefined;
  const p = percentile.replace('_', '.');
  return { ...of, id, label: { en: `${of.label.en} (p${p})`, es: `${of.label.es} (p${p})` } };
}

/** Test types grouped as the task suites and the KPI pickers present them (`/api/types/{category}/kpis`). */
export const testCategories = {
  speed: ['http-download', 'http-upload', 'ftp-download', 'ftp-upload'],
  ping: ['icmp-ping', 'tcp-ping', 'twamp'],
  traceroute: ['traceroute'],
  dns: ['dns'],
  web: ['web-browsing'],
  video: ['video'],
  voip: ['voip'],
  gaming: ['gaming'],
  messaging: ['messaging'],
} as const satisfies Record<string, readonly TestType[]>;
export type TestCategory = keyof typeof testCategories;

/** The KPIs measured by any of these test types, in catalogue order. */
export const kpisOfTestTypes = (types: readonly string[]): KpiDefinition[] =>
  kpiCatalogue.filter((kpi) => kpi.testTypes.some((type) => types.includes(type)));
