import type { EntityScore, FringeScore, KpiScore, MosEntry, ScorecardFields } from '@nq/contracts';
import { scoreFor } from './mos-mapping.ts';

// How a scorecard scores the entities it compares (providers or ISPs), each from 0 to its max score M:
//
// 1. Values. For each KPI k of the scorecard and each of its fringes f (local hours [start, end) of the day; the whole
//    day when it has none), v(k, f) is the average of the entity's values of k in the data window, within the
//    scorecard's campaigns, clusters, universes and ISPs (scorecard-queries.ts).
// 2. Fringe score. Each MOS entry m on k maps v, first brought within the entry's [min, max], to a share s_m from 0
//    to 1 with its mapping function and limits (mos-mapping.ts: lower-is-better KPIs use invertedLinear).
//    S(k, f) = M × Σ w_m s_m / Σ w_m over the entries on k, w_m their weights: one entry decides alone, several mix.
// 3. KPI score. S(k) = the mean of S(k, f) over the fringes with data: each fringe counts the same, however many
//    measurements it holds (a quiet night is not drowned by a busy afternoon).
// 4. Total. T = Σ W_k S(k) / Σ W_k over the KPIs with a score, W_k the KPI weights (%): a weighted mean on the same
//    0–M scale. coverage = 100 × that Σ W_k / the sum of every KPI's weight: how much of the scorecard T stands for.
// 5. Rank. Entities with a total are ranked by it, best first; equal totals share a rank (1, 2, 2, 4). Ties, and the
//    entities without a total (rank null, last), are in id order.
//
// A scorecard without KPIs scores the KPIs of its MOS entries, each weighing what its entries weigh, over the whole
// day. A KPI without a MOS entry has no score, which lowers the coverage. Not used: an entry's operator (the mapping
// function already says which way is better) and the scorecard's own weight (its part among scorecards).

export type ScoredKpi = ScorecardFields['kpis'][number];
type Fringe = ScoredKpi['fringes'][number];

/** The average of a KPI's values in one fringe, and how many values there were. */
export interface Measured {
  value: number;
  count: number;
}
/** The data: by the KPI's index (in `scoredKpis`), the fringe's index (0 for a whole day) and the entity. */
export type MeasuredValues = (kpi: number, fringe: number, entity: string) => Measured | undefined;

/** The KPIs a scorecard scores, with their weights (step "A scorecard without KPIs" above). */
export function scoredKpis(scorecard: Pick<ScorecardFields, 'kpis' | 'mosEntries'>): ScoredKpi[] {
  if (scorecard.kpis.length > 0) return scorecard.kpis;
  const weights = new Map<string, number>();
  for (const entry of scorecard.mosEntries) weights.set(entry.kpi, (weights.get(entry.kpi) ?? 0) + entry.weight);
  return [...weights].map(([kpi, weight]) => ({ kpi, weight, fringes: [] }));
}

/** The fringes a KPI is measured in: its own, or the whole day (null). */
export const fringesOf = (kpi: ScoredKpi): (Fringe | null)[] => (kpi.fringes.length > 0 ? kpi.fringes : [null]);

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** Step 2: the weighted mean of the entries' shares, in points; entries all weighing 0 count alike. */
function fringeScore(value: number, entries: readonly MosEntry[], maxScore: number): number {
  const weights = entries.map((entry) => entry.weight);
  const weightOf = sum(weights) > 0 ? (index: number) => weights[index]! : () => 1;
  const weighted = entries.map(
    (entry, index) => weightOf(index) * scoreFor(clamp(value, entry.min, entry.max), entry, { maxScore }),
  );
  return sum(weighted) / sum(entries.map((_, index) => weightOf(index)));
}

function kpiScore(kpi: ScoredKpi, fringes: FringeScore[]): KpiScore {
  const scores = fringes.map((fringe) => fringe.score).filter((score) => score !== null);
  return { kpi: kpi.kpi, weight: kpi.weight, score: scores.length > 0 ? sum(scores) / scores.length : null, fringes };
}

function entityScore(entity: string, kpis: KpiScore[], totalWeight: number): Omit<EntityScore, 'rank'> {
  const scored = kpis.filter((kpi) => kpi.score !== null);
  const scoredWeight = sum(scored.map((kpi) => kpi.weight));
  return {
    entity,
    score: scoredWeight > 0 ? sum(scored.map((kpi) => kpi.weight * kpi.score!)) / scoredWeight : null,
    coverage: totalWeight > 0 ? (100 * scoredWeight) / totalWeight : 0,
    kpis,
  };
}

/** Step 5: best first, equal scores sharing a rank, then the unscored; ties and unscored in id order. */
function ranked(entities: Omit<EntityScore, 'rank'>[]): EntityScore[] {
  const byId = (a: { entity: string }, b: { entity: string }) =>
    a.entity < b.entity ? -1 : a.entity > b.entity ? 1 : 0;
  const withScore = entities
    .filter((entity) => entity.score !== null)
    .sort((a, b) => b.score! - a.score! || byId(a, b));
  const without = entities.filter((entity) => entity.score === null).sort(byId);
  return [
    ...withScore.map((entity) => ({
      ...entity,
      rank: 1 + withScore.findIndex((other) => other.score === entity.score),
    })),
    ...without.map((entity) => ({ ...entity, rank: null })),
  ];
}

/** The scores and ranks of the compared entities under a scorecard, from the measured values (steps 2 to 5). */
export function scoreEntities(
  scorecard: Pick<ScorecardFields, 'kpis' | 'mosEntries' | 'maxScore'>,
  entities: readonly string[],
  measured: MeasuredValues,
): EntityScore[] {
  const kpis = scoredKpis(scorecard);
  const entriesOf = (kpi: string) => scorecard.mosEntries.filter((entry) => entry.kpi === kpi);
  const totalWeight = sum(kpis.map((kpi) => kpi.weight));
  return ranked(
    entities.map((entity) =>
      entityScore(
        entity,
        kpis.map((kpi, kpiIndex) => {
          const entries = entriesOf(kpi.kpi);
          const fringes = fringesOf(kpi).map((fringe, fringeIndex): FringeScore => {
            const data = measured(kpiIndex, fringeIndex, entity);
            if (!data) return { fringe, value: null, count: 0, score: null };
            const score = entries.length > 0 ? fringeScore(data.value, entries, scorecard.maxScore) : null;
            return { fringe, value: data.value, count: data.count, score };
          });
          return kpiScore(kpi, fringes);
        }),
        totalWeight,
      ),
    ),
  );
}
