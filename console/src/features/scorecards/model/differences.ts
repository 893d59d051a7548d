import type { WindowScores } from '@nq/contracts/analytics/scorecard-calculation';

/** One compared entity's KPI in two calculations: scores and raw averages (over every fringe's values). */
export interface KpiDifference {
  kpi: string;
  baseline: { score: number | null; value: number | null };
  current: { score: number | null; value: number | null };
}
export interface EntityDifference {
  entity: string;
  baseline: { score: number | null; rank: number | null };
  current: { score: number | null; rank: number | null };
  kpis: KpiDifference[];
}

type KpiScore = WindowScores['entities'][number]['kpis'][number];

/** A KPI's raw value over its fringes: the mean of the fringes' averages weighted by their counts. */
export function rawValueOf(kpi: KpiScore | undefined): number | null {
  const measured = kpi?.fringes.filter((fringe) => fringe.value !== null && fringe.count > 0) ?? [];
  const count = measured.reduce((sum, fringe) => sum + fringe.count, 0);
  if (count === 0) return null;
  return measured.reduce((sum, fringe) => sum + fringe.value! * fringe.count, 0) / count;
}

/**
 * The entities of two calculations side by side, in the current one's rank order (then the ones only the baseline
 * has), each with every KPI either scored.
 */
export function differencesOf(baseline: WindowScores, current: WindowScores): EntityDifference[] {
  const ids = [...new Set([...current.entities, ...baseline.entities].map((entity) => entity.entity))];
  return ids.map((id) => {
    const before = baseline.entities.find((entity) => entity.entity === id);
    const after = current.entities.find((entity) => entity.entity === id);
    const kpis = [...new Set([...(after?.kpis ?? []), ...(before?.kpis ?? [])].map((kpi) => kpi.kpi))];
    const side = (kpi: KpiScore | undefined) => ({ score: kpi?.score ?? null, value: rawValueOf(kpi) });
    return {
      entity: id,
      baseline: { score: before?.score ?? null, rank: before?.rank ?? null },
      current: { score: after?.score ?? null, rank: after?.rank ?? null },
      kpis: kpis.map((kpi) => ({
        kpi,
        baseline: side(before?.kpis.find((item) => item.kpi === kpi)),
        current: side(after?.kpis.find((item) => item.kpi === kpi)),
      })),
    };
  });
}
