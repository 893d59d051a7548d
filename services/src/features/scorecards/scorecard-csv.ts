import type { CsvOptions, ScorecardCalculation, WindowScores } from '@nq/contracts';
import { type CsvField, csvDocument } from '@nq/platform/csv/csv-writer';

// `POST /scorecards/{id}/csv` (docs/product/api.md#scorecards): a calculation as CSV, one row per window, compared
// entity, KPI and fringe, each stating the configuration version and window it comes from. Empty cells are values
// without data. The header is in the CSV's header language; the window's bounds are instants, written in its time zone.

const spanishHeaders = {
  scorecardId: 'id del cuadro de mando',
  version: 'versión',
  position: 'posición',
  window: 'ventana',
  from: 'desde',
  to: 'hasta',
  timeZone: 'zona horaria',
  entity: 'entidad',
  rank: 'puesto',
  score: 'puntuación',
  coverage: 'cobertura',
  kpi: 'KPI',
  kpiWeight: 'peso del KPI',
  kpiScore: 'puntuación del KPI',
  fringeStart: 'inicio de franja',
  fringeEnd: 'fin de franja',
  value: 'valor',
  count: 'recuento',
  fringeScore: 'puntuación de franja',
} as const;
const columns = Object.keys(spanishHeaders) as (keyof typeof spanishHeaders)[];
const instants: ReadonlySet<string> = new Set(['from', 'to']);
type Row = Partial<Record<(typeof columns)[number], string | number | null>>;

const fields: CsvField<Row>[] = columns.map((name) => ({
  label: { en: name, es: spanishHeaders[name] },
  value: (row: Row) => row[name],
  ...(instants.has(name) ? { instant: true } : {}),
}));

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

export function scorecardCsv(calculation: ScorecardCalculation, options?: CsvOptions): string {
  const version = { ...calculation.configuration };
  const rows = [
    ...rowsOf('live', calculation.live, version),
    ...(calculation.comparison ? rowsOf('comparison', calculation.comparison, version) : []),
  ];
  return csvDocument(fields, rows, options);
}
