import type { ScorecardCalculation, WindowScores } from '@nq/contracts';
import { csvDocument } from '@nq/platform/csv/csv-writer';

// `POST /scorecards/{id}/csv` (docs/product/api.md#scorecards): a calculation as CSV, one row per window, compared
// entity, KPI and fringe, each stating the configuration version and window it comes from. Empty cells are values
// without data.

const columns = [
  'scorecardId',
  'version',
  'position',
  'window',
  'from',
  'to',
  'timeZone',
  'entity',
  'rank',
  'score',
  'coverage',
  'kpi',
  'kpiWeight',
  'kpiScore',
  'fringeStart',
  'fringeEnd',
  'value',
  'count',
  'fringeScore',
] as const;
type Row = Partial<Record<(typeof columns)[number], string | number | null>>;

function rowsOf(name: string, { window, entities }: WindowScores, version: Row): Row[] {
  return entities.flatMap((entity) => {
    const base = {
      ...version,
      window: name,
      ...window,
      entity: entity.entity,
      rank: entity.rank,
      score: entity.score,
      coverage: entity.coverage,
    };
    const rows = entity.kpis.flatMap((kpi) =>
      kpi.fringes.map((fringe) => ({
        ...base,
        kpi: kpi.kpi,
        kpiWeight: kpi.weight,
        kpiScore: kpi.score,
        fringeStart: fringe.fringe?.start ?? null,
        fringeEnd: fringe.fringe?.end ?? null,
        value: fringe.value,
        count: fringe.count,
        fringeScore: fringe.score,
      })),
    );
    return rows.length > 0 ? rows : [base];
  });
}

export function scorecardCsv(calculation: ScorecardCalculation): string {
  const version = { ...calculation.configuration };
  const rows = [
    ...rowsOf('live', calculation.live, version),
    ...(calculation.comparison ? rowsOf('comparison', calculation.comparison, version) : []),
  ];
  return csvDocument(columns, rows);
}
