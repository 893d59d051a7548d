import type { EntityScore, KpiScore } from '@nq/contracts/analytics/scorecard-calculation';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Calculation } from '../api/scorecards-api.ts';
import { fringeText, kpiInfo } from '../model/kpis.ts';
import { bandClasses, scoreBand, scoreBands } from '../model/score-scale.ts';
import { numberText } from '../model/windows.ts';
import { ScoreBadge } from './ScoreBadge.tsx';

export interface SelectedCell {
  entity: string;
  kpi: string;
}

/** The KPIs scored, in the scorecard's order, with their weights (from the answer, so they match the numbers). */
export const scoredKpisOf = (calculation: Calculation): { kpi: string; weight: number }[] =>
  calculation.live.entities[0]?.kpis.map(({ kpi, weight }) => ({ kpi, weight })) ??
  (calculation.scorecard.kpis.length > 0 ? calculation.scorecard.kpis : calculation.scorecard.mosEntries);

function KpiCell({
  score,
  maxScore,
  selected,
  label,
  onSelect,
}: {
  score: KpiScore | undefined;
  maxScore: number;
  selected: boolean;
  label: string;
  onSelect: () => void;
}) {
  const band = score?.score == null ? undefined : scoreBand(score.score, maxScore);
  const withFringes = (score?.fringes.length ?? 0) > 1 || Boolean(score?.fringes[0]?.fringe);
  return (
    <td className="p-1">
      <button
        type="button"
        onClick={onSelect}
        aria-label={label}
        aria-pressed={selected}
        className={`w-full rounded px-2 py-1.5 text-right tabular-nums focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 ${
          band ? bandClasses[band] : 'bg-gray-50 text-gray-400'
        } ${selected ? 'ring-2 ring-blue-600' : ''}`}
        data-score={score?.score ?? 'none'}
      >
        <span className="block text-sm font-semibold">{score?.score == null ? '–' : numberText(score.score)}</span>
        {withFringes &&
          score?.fringes.map((fringe, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: fringes are positional, as the API lists them
            <span key={index} className="block whitespace-nowrap text-[11px] opacity-80">
              {fringe.fringe ? fringeText(fringe.fringe) : ''}: {fringe.score == null ? '–' : numberText(fringe.score)}
            </span>
          ))}
      </button>
    </td>
  );
}

/**
 * Scorecard live (docs/product/screens.md#scorecard_live): providers (or ISPs) by rank × KPIs, each cell the KPI's
 * score coloured on the scorecard's scale (its fringes' scores under it); a cell opens its detail (raw values, MOS
 * mapping, weight). Each KPI heads a link to its drilldown.
 */
export function ScoreMatrix({
  calculation,
  nameOf,
  drilldownOf,
  selected,
  onSelect,
}: {
  calculation: Calculation;
  nameOf: (id: string) => string;
  drilldownOf: (kpi: string) => string;
  selected: SelectedCell | undefined;
  onSelect: (cell: SelectedCell) => void;
}) {
  const { t } = useTranslation('scorecards');
  const { maxScore } = calculation.scorecard;
  const kpis = scoredKpisOf(calculation);
  const header = (entity: EntityScore) => nameOf(entity.entity);
  return (
    <div className="overflow-x-auto">
      <table className="min-w-full text-sm" aria-label={t('matrixTitle')} data-testid="score-matrix">
        <thead>
          <tr className="border-b border-gray-200 text-left text-gray-600">
            <th scope="col" className="px-2 py-2 font-semibold">
              {t('rank')}
            </th>
            <th scope="col" className="px-2 py-2 font-semibold">
              {t(calculation.comparedBy === 'isp' ? 'isp' : 'provider')}
            </th>
            {kpis.map(({ kpi, weight }) => (
              <th key={kpi} scope="col" className="px-2 py-2 text-right font-semibold">
                <Link
                  to={drilldownOf(kpi)}
                  className="text-blue-700 underline"
                  title={t('drilldownOf', { kpi: kpiInfo(kpi).label })}
                >
                  {kpiInfo(kpi).label}
                </Link>
                <span className="block text-xs font-normal text-gray-500">
                  {t('weightOf', { weight: numberText(weight) })}
                </span>
              </th>
            ))}
            <th scope="col" className="px-2 py-2 text-right font-semibold">
              {t('total')}
              <span className="block text-xs font-normal text-gray-500">
                {t('outOf', { max: numberText(maxScore) })}
              </span>
            </th>
            <th scope="col" className="px-2 py-2 text-right font-semibold">
              {t('coverage')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {calculation.live.entities.map((entity) => (
            <tr key={entity.entity} data-entity={entity.entity}>
              <td className="px-2 py-1.5 tabular-nums" data-testid="rank">
                {entity.rank ?? '–'}
              </td>
              <th scope="row" className="px-2 py-1.5 text-left font-medium text-gray-900">
                {header(entity)}
              </th>
              {kpis.map(({ kpi }) => (
                <KpiCell
                  key={kpi}
                  score={entity.kpis.find((item) => item.kpi === kpi)}
                  maxScore={maxScore}
                  selected={selected?.entity === entity.entity && selected.kpi === kpi}
                  label={t('cellLabel', { entity: header(entity), kpi: kpiInfo(kpi).label })}
                  onSelect={() => onSelect({ entity: entity.entity, kpi })}
                />
              ))}
              <td className="px-2 py-1.5 text-right" data-testid="total">
                <ScoreBadge score={entity.score} maxScore={maxScore} />
              </td>
              <td className="px-2 py-1.5 text-right tabular-nums text-gray-600">{numberText(entity.coverage, 0)} %</td>
            </tr>
          ))}
        </tbody>
      </table>
      <BandLegend maxScore={maxScore} />
    </div>
  );
}

/** The colour bands of the scale, with the scores each covers. */
function BandLegend({ maxScore }: { maxScore: number }) {
  const { t } = useTranslation('scorecards');
  const step = maxScore / scoreBands.length;
  return (
    <ul className="mt-3 flex flex-wrap gap-2 text-xs" aria-label={t('legend')}>
      {scoreBands.map((band, index) => (
        <li key={band} className={`rounded px-2 py-0.5 ${bandClasses[band]}`}>
          {t(`bands.${band}`)} {numberText(index * step, 1)}–{numberText((index + 1) * step, 1)}
        </li>
      ))}
    </ul>
  );
}
