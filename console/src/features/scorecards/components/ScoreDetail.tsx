import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Calculation } from '../api/scorecards-api.ts';
import { fringeText, kpiInfo } from '../model/kpis.ts';
import { numberText } from '../model/windows.ts';
import { ScoreBadge } from './ScoreBadge.tsx';
import type { SelectedCell } from './ScoreMatrix.tsx';

/**
 * What one cell's score is made of: the KPI's weight, each fringe's raw average (and how many values) with the score
 * it earned, and the MOS entries that map the value onto the scale (function, operator, range, limits, weight).
 */
export function ScoreDetail({
  calculation,
  cell,
  entityName,
  drilldown,
}: {
  calculation: Calculation;
  cell: SelectedCell;
  entityName: string;
  drilldown: string;
}) {
  const { t } = useTranslation(['scorecards', 'mos']);
  const entity = calculation.live.entities.find((item) => item.entity === cell.entity);
  const score = entity?.kpis.find((item) => item.kpi === cell.kpi);
  const kpi = kpiInfo(cell.kpi);
  const entries = calculation.scorecard.mosEntries.filter((entry) => entry.kpi === cell.kpi);
  const { maxScore } = calculation.scorecard;
  const value = (number: number | null) => (number === null ? '–' : `${numberText(number)} ${kpi.unit}`.trim());
  return (
    <section aria-label={t('detailTitle')} className="rounded-md border border-gray-200 p-3" data-testid="score-detail">
      <h3 className="text-sm font-semibold text-gray-900">{t('detailOf', { entity: entityName, kpi: kpi.label })}</h3>
      <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-gray-700">
        <span>{t('kpiScore')}:</span>
        <ScoreBadge score={score?.score ?? null} maxScore={maxScore} />
        <span>· {t('weightOf', { weight: numberText(score?.weight ?? 0) })}</span>
        <span>· {t(kpi.lowerIsBetter ? 'lowerIsBetter' : 'higherIsBetter')}</span>
        <Link to={drilldown} className="ml-auto text-blue-700 underline">
          {t('openDrilldown')}
        </Link>
      </p>
      <table className="mt-2 min-w-full text-sm" aria-label={t('rawValues')}>
        <thead className="text-left text-gray-600">
          <tr>
            <th scope="col" className="px-2 py-1 font-medium">
              {t('fringe')}
            </th>
            <th scope="col" className="px-2 py-1 text-right font-medium">
              {t('rawValue')}
            </th>
            <th scope="col" className="px-2 py-1 text-right font-medium">
              {t('values')}
            </th>
            <th scope="col" className="px-2 py-1 text-right font-medium">
              {t('score')}
            </th>
          </tr>
        </thead>
        <tbody>
          {(score?.fringes ?? []).map((fringe, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: fringes are positional, as the API lists them
            <tr key={index}>
              <td className="px-2 py-1">{fringe.fringe ? fringeText(fringe.fringe) : t('wholeDay')}</td>
              <td className="px-2 py-1 text-right tabular-nums" data-testid="raw-value">
                {value(fringe.value)}
              </td>
              <td className="px-2 py-1 text-right tabular-nums">{numberText(fringe.count, 0)}</td>
              <td className="px-2 py-1 text-right tabular-nums">
                {fringe.score === null ? '–' : numberText(fringe.score)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <h4 className="mt-3 text-sm font-semibold text-gray-800">{t('mosMapping')}</h4>
      {entries.length === 0 ? (
        <p className="text-sm text-gray-600">{t('noMosEntry')}</p>
      ) : (
        <ul className="mt-1 space-y-1 text-sm text-gray-700" data-testid="mos-mapping">
          {entries.map((entry, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a KPI may have several entries, told apart by position
            <li key={index}>
              {t('mappingLine', {
                function: t(`mos:mappingFunctions.${entry.mappingFunction}`),
                operator: t(`mos:operators.${entry.operator}`),
                min: numberText(entry.min),
                max: numberText(entry.max),
                lower: numberText(entry.limits.lower),
                upper: numberText(entry.limits.upper),
                absoluteUpper: numberText(entry.limits.absoluteUpper),
                unit: kpi.unit,
                weight: numberText(entry.weight),
              })}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
