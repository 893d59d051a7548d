import type { EnrichedMeasurement, MeasurementSource, TechnologyCode } from '@nq/contracts';
import { measurementStatuses, technologyLabels } from '@nq/contracts';
import { seededRandom } from '@nq/platform/seeded-random';
import { localTimeOf } from '../ingest/index.ts';

export { seededRandom };

// A deterministic dataset for the analytics tests: the same seed gives the same measurements, byte for byte.

export const datasetTimeZone = 'Europe/Madrid';
export const datasetStart = Date.parse('2026-03-01T00:00:00Z');
export const datasetEnd = Date.parse('2026-05-01T00:00:00Z');

interface Probe {
  probeId: string;
  isp: { id: string; name: string };
  technology: TechnologyCode;
  probeType: 'landline' | 'mobile';
  campaigns: string[];
  universes: string[];
  clusters: string[];
  tags: string[];
}

/** The ISPs as providers: what profiles, filters and breakdowns name is the id, not the reported name. */
export const seededIsps = ['Movistar', 'Vodafone', 'Orange', 'Digi'].map((name) => ({
  id: `provider-${name.toLowerCase()}`,
  name,
}));
const technologies: TechnologyCode[] = [4, 5, 98, 99];
const tagSets = [[], ['gold'], ['silver'], ['gold', 'beta'], ['silver', 'beta']];

function probesOf(random: () => number, count: number): Probe[] {
  return Array.from({ length: count }, (_, index) => {
    const technology = technologies[index % technologies.length]!;
    const mobile = technology === 4 || technology === 5;
    return {
      probeId: `p${String(index + 1).padStart(2, '0')}`,
      isp: seededIsps[Math.floor(index / 2) % seededIsps.length]!,
      technology,
      probeType: mobile ? 'mobile' : 'landline',
      campaigns: mobile ? [[], ['madrid'], ['madrid', 'centro']][index % 3]! : [],
      universes: mobile ? [] : [['fibra'], ['fibra', 'premium'], ['premium']][index % 3]!,
      clusters: random() < 0.5 ? ['k1'] : [],
      tags: tagSets[index % tagSets.length]!,
    };
  });
}

/**
 * Who measured it, by index: mostly the panel — one in two of its measurements stored without a source, as those
 * stored before sources were recorded — and some public data imported from RIPE Atlas and M-Lab.
 */
const sourceOf = (index: number): MeasurementSource | undefined =>
  index % 10 === 1 ? 'ripe-atlas' : index % 10 === 4 ? 'm-lab' : index % 2 === 0 ? undefined : 'panel';

const round = (value: number, decimals: number) => Math.round(value * 10 ** decimals) / 10 ** decimals;

/**
 * Measurements over two months (across the spring DST change of Europe/Madrid) by several probes, ISPs (their names
 * reported in any letter case), technologies, campaigns, universes and tags. Latency is whole milliseconds (so `eq` conditions match) with a few
 * far outliers; jitter and loss are missing from some measurements (`not_exists`); a few measurements share their
 * time with the previous one (first / last tie-breaking). Test types, statuses, connected devices, sources (some
 * absent: the panel's) and missing locations follow the index, so they do not change the random sequence the rest is drawn from. One at a time, so that a benchmark can
 * stream ten million of them.
 */
export function* seededMeasurementStream(
  options: { seed?: number; count?: number; probes?: number } = {},
): Generator<EnrichedMeasurement> {
  const random = seededRandom(options.seed ?? 20_260_301);
  const probes = probesOf(random, options.probes ?? 12);
  const gaussian = () => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  let previous: EnrichedMeasurement | undefined;
  for (let index = 0; index < (options.count ?? 3000); index += 1) {
    const probe = probes[Math.floor(random() * probes.length)]!;
    const measuredAt =
      previous && index % 97 === 0
        ? previous.measuredAt
        : new Date(datasetStart + Math.floor(random() * (datasetEnd - datasetStart))).toISOString();
    const latency = random() < 0.01 ? 900 + Math.floor(random() * 1100) : 5 + Math.floor(random() * 60);
    const kpis: Record<string, number> = {
      download: round(Math.exp(4 + 0.6 * gaussian()), 2),
      upload: round(Math.exp(2.5 + 0.5 * gaussian()), 2),
      latency,
    };
    if (random() < 0.8) kpis.jitter = round(random() * 12, 1);
    if (random() < 0.3) kpis.loss = round(random() * 2, 2);
    const program = random() < 0.7 ? 'speedtest' : 'quality';
    const destination = { name: random() < 0.5 ? 'madrid-1' : 'lisboa-1' };
    const location = { lat: 40.4 + random() / 10, lon: -3.7 + random() / 10 };
    const source = sourceOf(index);
    previous = {
      schemaVersion: 1,
      measurementId: `m${String(index).padStart(5, '0')}`,
      probeId: probe.probeId,
      program,
      testType: index % 3 === 0 ? 'http-upload' : 'http-download',
      destination,
      technology: probe.technology,
      technologyLabel: technologyLabels[probe.technology],
      // Probes report their ISP's name in any letter case: it is the same ISP.
      isp: index % 4 === 0 ? probe.isp.name.toUpperCase() : probe.isp.name,
      ispId: probe.isp.id,
      measuredAt,
      receivedAt: measuredAt,
      ...(index % 50 === 7 ? {} : { location }),
      // Some measurements report no connected devices.
      ...(index % 10 === 3 ? {} : { connectedDevices: index % 13 }),
      taskMode: 'active',
      status: measurementStatuses[index % measurementStatuses.length]!,
      kpis,
      ...localTimeOf(measuredAt, datasetTimeZone),
      probeType: probe.probeType,
      campaigns: probe.campaigns,
      clusters: probe.clusters,
      universes: probe.universes,
      tags: probe.tags,
      ...(source ? { source } : {}),
    };
    yield previous;
  }
}

/** The seeded dataset as an array (see seededMeasurementStream). */
export const seededMeasurements = (options: Parameters<typeof seededMeasurementStream>[0] = {}) => [
  ...seededMeasurementStream(options),
];
