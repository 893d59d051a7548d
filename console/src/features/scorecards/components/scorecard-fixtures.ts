import type { FileRecord } from '@nq/contracts/files/file-record';
import type { FakeApi } from '../../../shared/testing/fake-api.ts';
import type { ActiveScorecard, Calculation } from '../api/scorecards-api.ts';

// One demo-like scorecard for the component tests: Movistar and Orange scored on download (all day) and latency
// (08:00–14:00), out of 10.

export const scorecardId = 'sc-madrid';
export const movistar = 'prov-movistar';
export const orange = 'prov-orange';

const mosEntries: Calculation['scorecard']['mosEntries'] = [
  {
    kpi: 'download',
    weight: 50,
    min: 0,
    max: 1000,
    operator: 'gte',
    mappingFunction: 'linear',
    limits: { lower: 10, upper: 50, absoluteUpper: 100 },
  },
  {
    kpi: 'latency',
    weight: 50,
    min: 0,
    max: 1000,
    operator: 'lte',
    mappingFunction: 'invertedLinear',
    limits: { lower: 20, upper: 100, absoluteUpper: 200 },
  },
];
const kpis = [
  { kpi: 'download', weight: 60, fringes: [] },
  { kpi: 'latency', weight: 40, fringes: [{ start: 8, end: 14 }] },
];

export const activeScorecard: ActiveScorecard = {
  id: scorecardId,
  name: 'Madrid quality',
  status: 'Active',
  weight: 100,
  maxScore: 10,
  campaigns: [],
  clusters: [],
  providers: [movistar, orange],
  isps: [],
  universes: [],
  sources: [],
  kpis,
  mosEntries,
};

export const october = { from: '2026-10-01T00:00:00.000Z', to: '2026-10-31T23:59:59.999Z', timeZone: 'Etc/UTC' };
export const september = { from: '2026-08-31T00:00:00.000Z', to: '2026-09-30T23:59:59.999Z', timeZone: 'Etc/UTC' };

/** Scores of both providers in a window: download average (Mbps) and latency average (ms) with their scores. */
export const scoresIn = (
  window: typeof october,
  [movistarDownload, movistarLatency]: [number, number],
  [orangeDownload, orangeLatency]: [number, number],
): Calculation['live'] => {
  const linear = (value: number) => Math.min(10, Math.max(0, ((value - 10) / 40) * 10));
  const inverted = (value: number) => Math.min(10, Math.max(0, ((100 - value) / 80) * 10));
  const entity = (id: string, download: number, latency: number) => {
    const score = 0.6 * linear(download) + 0.4 * inverted(latency);
    return {
      entity: id,
      rank: 0,
      score,
      coverage: 100,
      kpis: [
        {
          kpi: 'download',
          weight: 60,
          score: linear(download),
          fringes: [{ fringe: null, value: download, count: 12, score: linear(download) }],
        },
        {
          kpi: 'latency',
          weight: 40,
          score: inverted(latency),
          fringes: [{ fringe: { start: 8, end: 14 }, value: latency, count: 5, score: inverted(latency) }],
        },
      ],
    };
  };
  const entities = [entity(movistar, movistarDownload, movistarLatency), entity(orange, orangeDownload, orangeLatency)]
    .sort((a, b) => b.score - a.score)
    .map((item, index) => ({ ...item, rank: index + 1 }));
  return { window, entities };
};

export const calculationOf = (
  live: Calculation['live'],
  {
    comparison,
    version = 2,
    position = '120:1',
  }: { comparison?: Calculation['live']; version?: number; position?: string } = {},
): Calculation => ({
  scorecard: { id: scorecardId, name: 'Madrid quality', status: 'Active', weight: 100, maxScore: 10, kpis, mosEntries },
  comparedBy: 'provider',
  configuration: { scorecardId, version, position },
  live,
  ...(comparison ? { comparison } : {}),
  warnings: [],
});

/** Movistar: download 40 Mbps (7.5), latency 60 ms (5) → 6.5; Orange: 20 Mbps (2.5), 20 ms (10) → 5.5. */
export const octoberCalculation = calculationOf(scoresIn(october, [40, 60], [20, 20]));

/** The providers the screens name the compared entities by. */
export function withProviders(api: FakeApi) {
  return api.get('/api/providers/', {
    list: [
      { id: movistar, name: 'Movistar' },
      { id: orange, name: 'Orange' },
    ],
    count: 2,
    page: 1,
    pageSize: 500,
  });
}

/** The file a report request answers, being made. */
export const reportFile: FileRecord = {
  id: 'file-12345678',
  service: 'scorecardReport',
  name: 'madrid-quality-2026-10-01-2026-10-31.pdf',
  status: 'inProgress',
  createdAt: '2026-11-01T10:00:00.000Z',
  attempts: 1,
};
