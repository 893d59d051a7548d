import type { RegulatoryFigure } from '@nq/contracts/analytics/regulatory-report';
import type { RegulatoryStatistic } from '@nq/contracts/configuration/regulatory-report';
import type { FileRecord } from '@nq/contracts/files/file-record';
import type { FakeApi } from '../../../shared/testing/fake-api.ts';
import type { Calculation, RegulatoryReport } from '../api/regulatory-reports-api.ts';

// One report for the component tests: Movistar, Orange and Digi in Madrid in October 2026, at peak hours; download
// median, 80/80 and share ≥ 30 Mbps, latency median; Digi's download and Orange's latency too thin to publish.

export const reportId = 'rr-madrid';
export const movistar = 'prov-movistar';
export const orange = 'prov-orange';
export const digi = 'prov-digi';
export const calculations = `/regulatory-reports/${reportId}/calculations`;
export const files = `/regulatory-reports/${reportId}/files`;

export const madridReport: RegulatoryReport = {
  id: reportId,
  version: 3,
  name: 'Madrid broadband, October',
  description: 'Fixed broadband of the Madrid panel at peak hours.',
  universes: [],
  campaigns: [],
  clusters: [],
  providers: [movistar, orange],
  technologies: [],
  sources: ['panel'],
  from: '2026-10-01',
  to: '2026-10-31',
  timeZone: 'Europe/Madrid',
  peakHours: { from: 19, to: 22 },
  byTechnology: false,
  kpis: [
    { kpi: 'download', statistics: [{ kind: 'median' }, { kind: 'percentile', p: 90 }, { kind: 'consistent' }] },
    { kpi: 'latency', statistics: [{ kind: 'median' }] },
  ],
  minimumMeasurements: 100,
  minimumProbes: 5,
  resamples: 1000,
  seed: 7,
};

const median: RegulatoryStatistic = { kind: 'median' };
const atLeast30: RegulatoryStatistic = { kind: 'shareAtLeast', threshold: 30 };
const published = (
  kpi: string,
  statistic: RegulatoryStatistic,
  value: number,
  [low, high]: [number, number],
  measurements: number,
  probes: number,
): RegulatoryFigure => ({ kpi, statistic, value, interval: { low, high }, measurements, probes, published: true });
const withheld = (
  kpi: string,
  statistic: RegulatoryStatistic,
  reason: 'tooFewMeasurements' | 'tooFewProbes',
  measurements: number,
  probes: number,
): RegulatoryFigure => ({
  kpi,
  statistic,
  value: null,
  interval: null,
  measurements,
  probes,
  published: false,
  withheld: reason,
});

export const receivedUntil = '2026-11-02T08:00:00.000Z';

export const octoberCalculation: Calculation = {
  report: { id: reportId, name: 'Madrid broadband, October', description: 'Fixed broadband at peak hours.' },
  // The period's first and last instants in its zone, as the API answers them.
  window: { from: '2026-09-30T22:00:00.000Z', to: '2026-10-31T22:59:59.999Z', timeZone: 'Europe/Madrid' },
  peakHours: { from: 19, to: 22 },
  minimumMeasurements: 100,
  minimumProbes: 5,
  groups: [
    {
      provider: { id: movistar, name: 'Movistar' },
      figures: [
        published('download', median, 48.25, [45.1, 51.3], 1200, 40),
        published('download', atLeast30, 92.5, [90.1, 94.3], 1200, 40),
        published('latency', median, 21.5, [20.1, 23], 1180, 40),
      ],
    },
    {
      provider: { id: orange, name: 'Orange' },
      figures: [
        published('download', median, 40.1, [37.2, 43.4], 900, 30),
        published('download', atLeast30, 88.3, [84, 91.9], 900, 30),
        withheld('latency', median, 'tooFewProbes', 150, 3),
      ],
    },
    {
      provider: { id: digi, name: 'Digi' },
      figures: [
        withheld('download', median, 'tooFewMeasurements', 42, 6),
        withheld('download', atLeast30, 'tooFewMeasurements', 42, 6),
        withheld('latency', median, 'tooFewMeasurements', 40, 6),
      ],
    },
  ],
  comparisons: [
    {
      kpi: 'download',
      statistic: median,
      a: movistar,
      b: orange,
      difference: 8.15,
      interval: { low: 3.9, high: 12.6 },
      differs: true,
    },
    {
      kpi: 'download',
      statistic: atLeast30,
      a: movistar,
      b: orange,
      difference: 4.2,
      interval: { low: -1.1, high: 9.8 },
      differs: false,
    },
  ],
  exclusions: [
    { reason: 'notFinished', measurements: 37 },
    { reason: 'otherProvider', measurements: 0 },
    { reason: 'noProvider', measurements: 5 },
  ],
  measurements: 2342,
  probes: 76,
  reproduce: {
    asOf: '120:4',
    version: 3,
    receivedUntil,
    selection: {},
    seed: 7,
    resamples: 1000,
    confidence: 0.95,
  },
  calculatedAt: '2026-11-02T08:00:01.000Z',
  warnings: [],
};

/** The file a PDF or CSV request answers, being made. */
export const askedFile = (format: 'pdf' | 'csv'): FileRecord => ({
  id: `file-regulatory-${format}`,
  service: 'regulatoryReport',
  name: `madrid-broadband-october-2026-10-01-2026-10-31.${format}`,
  status: 'inProgress',
  createdAt: '2026-11-02T08:01:00.000Z',
  attempts: 1,
});

/** The population pickers' lists: providers, universes, campaigns and clusters by name. */
export function withPopulation(api: FakeApi) {
  const page = (list: { id: string; name: string }[]) => ({ list, count: list.length, page: 1, pageSize: 500 });
  return api
    .get(
      '/api/providers/',
      page([
        { id: digi, name: 'Digi' },
        { id: movistar, name: 'Movistar' },
        { id: orange, name: 'Orange' },
      ]),
    )
    .get('/universes/', page([{ id: 'uni-madrid', name: 'Madrid' }]))
    .get('/api/campaigns-management/', page([]))
    .get('/api/clusters-management/', page([]));
}
