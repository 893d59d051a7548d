import type { estypes } from '@elastic/elasticsearch';
import { type Dimension, defaultMeasurementSource } from '@nq/contracts';
import {
  type IndexSettings,
  indexSettingsOf,
  singleNodeIndexSettings,
} from '@nq/platform/read-store/elasticsearch-index-settings';

const keyword = { type: 'keyword' } as const;
const smallNumber = { type: 'byte' } as const;

/** The field each analytics dimension filters and groups by (a cube's rows have the same names). */
export const dimensionFields: Record<Dimension, string> = {
  program: 'program',
  testType: 'testType',
  status: 'status',
  destination: 'destination.name',
  // An ISP is a provider (its id); the name it was reported under stays in `isp` for display.
  isp: 'ispId',
  provider: 'provider',
  technology: 'technology',
  probe: 'probeId',
  probeType: 'probeType',
  campaign: 'campaigns',
  universe: 'universes',
  cluster: 'clusters',
  tag: 'tags',
  fringe: 'fringe',
  source: 'source',
};

/**
 * What a dimension counts as in a document that lacks its field: documents stored before sources were recorded were
 * all the panel's. They are left as they are (filling the field in would rewrite every monthly index, and this
 * Elasticsearch has no scripts to do it in place); the compiled filters and breakdowns read the missing field as this
 * value instead.
 */
export const dimensionMissingValues: Partial<Record<Dimension, string>> = { source: defaultMeasurementSource };

/** Explicit mappings; KPI values are doubles whatever their name; unknown fields are kept, not indexed. */
export const measurementMappings: estypes.MappingTypeMapping = {
  dynamic: false,
  properties: {
    schemaVersion: smallNumber,
    measurementId: keyword,
    probeId: keyword,
    taskSuite: keyword,
    connectionId: keyword,
    program: keyword,
    testType: keyword,
    destination: { properties: { name: keyword, ip: keyword } },
    technology: { type: 'short' },
    technologyLabel: keyword,
    isp: keyword,
    ispId: keyword,
    imsi: keyword,
    ip: keyword,
    provider: keyword,
    measuredAt: { type: 'date' },
    receivedAt: { type: 'date' },
    location: { type: 'geo_point' },
    taskMode: keyword,
    status: keyword,
    probeType: keyword,
    hour: smallNumber,
    weekday: smallNumber,
    fringe: smallNumber,
    campaigns: keyword,
    clusters: keyword,
    universes: keyword,
    tags: keyword,
    device: { properties: { model: keyword, appVersion: keyword } },
    connectedDevices: { type: 'integer' },
    source: keyword,
    // Shown with the measurement, never searched nor aggregated: kept in the source only.
    details: { type: 'object', enabled: false },
    kpis: { type: 'object', dynamic: true },
  },
  dynamic_templates: [{ kpiValues: { path_match: 'kpis.*', mapping: { type: 'double' } } }],
};

/** Fields mapped after the first monthly indices were created: existing indices are given their mappings. */
export const fieldsMappedLater = ['connectedDevices', 'source', 'details'] as const;

/** The monthly index a measurement belongs to (UTC month of its measurement time). */
export const monthOf = (measuredAt: string) => measuredAt.slice(0, 7).replace('-', '.');

/**
 * The template every monthly index (`<alias>-YYYY.MM`) is created from: the mappings, shards and replicas. Not the
 * alias queries use: the store puts an index behind it once its primary shard has started.
 */
export const measurementIndexTemplate = (
  alias: string,
  settings: IndexSettings = singleNodeIndexSettings,
): estypes.IndicesPutIndexTemplateRequest => ({
  name: alias,
  index_patterns: [`${alias}-*`],
  template: {
    settings: { ...indexSettingsOf(settings), refresh_interval: '1s' },
    mappings: measurementMappings,
  },
});
