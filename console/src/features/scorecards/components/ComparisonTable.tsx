import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import type { Calculation } from '../api/scorecards-api.ts';
import { differencesOf, type EntityDifference } from '../model/differences.ts';
import { kpiInfo } from '../model/kpis.ts';
import { numberText } from '../model/windows.ts';
import { Difference } from './Difference.tsx';
import { ScoreBadge } from './ScoreBadge.tsx';

type WindowScores = Calculation['live'];

const cell = 'whitespace-nowrap px-2 py-1.5 text-right tabular-nums';

function EntityRows({ row, maxScore, name }: { row: EntityDifference; maxScore: number; name: string }) {
  const { t } = useTranslation('scorecards');
  const value = (number: number | null, unit: string) =>
    number === null ? '–' : `${numberText(number)} ${unit}`.trim();
  return (
    <>
      <tr className="border-t-2 border-gray-200 bg-gray-50" data-entity={row.entity} data-row="total">
        <th scope="row" className="px-2 py-1.5 text-left font-semibold text-gray-900">
          {name}
        </th>
        <td className="px-2 py-1.5 font-semibold text-gray-700">{t('total')}</td>
        <td className={cell} data-side="baseline">
          <ScoreBadge score={row.baseline.score} maxScore={maxScore} />
        </td>
        <td className={cell} data-side="current">
          <ScoreBadge score={row.current.score} maxScore={maxScore} />
        </td>
        <td className={cell} data-testid="score-difference">
          <Difference before={row.baseline.score} after={row.current.score} />
        </td>
        <td className={cell} colSpan={3}>
          {t('rankChange', { before: row.baseline.rank ?? '–', after: row.current.rank ?? '–' })}
        </td>
      </tr>
      {row.kpis.map((kpi) => {
        const info = kpiInfo(kpi.kpi);
        return (
          <tr key={kpi.kpi} data-entity={row.entity} data-kpi={kpi.kpi}>
            <td />
            <td className="px-2 py-1.5 text-gray-700">{info.label}</td>
            <td className={cell} data-side="baseline">
              <ScoreBadge score={kpi.baseline.score} maxScore={maxScore} />
            </td>
            <td className={cell} data-side="current">
              <ScoreBadge score={kpi.current.score} maxScore={maxScore} />
            </td>
            <td className={cell} data-testid="score-difference">
              <Difference before={kpi.baseline.score} after={kpi.current.score} />
            </td>
            <td className={`${cell} text-gray-600`}>{value(kpi.baseline.value, info.unit)}</td>
            <td className={`${cell} text-gray-600`}>{value(kpi.current.value, info.unit)}</td>
            <td className={cell} data-testid="value-difference">
              <Difference
                before={kpi.baseline.value}
                after={kpi.current.value}
                lowerIsBetter={info.lowerIsBetter}
                unit={info.unit}
              />
            </td>
          </tr>
        );
      })}
    </>
  );
}

/**
 * Two calculations of one scorecard side by side (two windows, or two configuration versions): per provider (or ISP)
 * its total and each KPI's score in both with the difference, and the KPI's raw values with theirs, arrows and
 * colours saying better or worse in the KPI's own direction.
 */
export function ComparisonTable({
  baseline,
  current,
  baselineTitle,
  currentTitle,
  maxScore,
  nameOf,
}: {
  baseline: WindowScores;
  current: WindowScores;
  baselineTitle: string;
  currentTitle: string;
  maxScore: number;
  nameOf: (id: string) => string;
}) {
  const { t } = useTranslation('scorecards');
  const rows = differencesOf(baseline, current);
  const head = 'px-2 py-2 font-semibold';
  return (
    <div className="overflow-x-auto">
      <table className="min-w-full text-sm" aria-label={t('comparisonTable')} data-testid="comparison-table">
        <thead className="text-gray-600">
          <tr>
            <th scope="col" rowSpan={2} className={`${head} text-left`}>
              {t('provider')}
            </th>
            <th scope="col" rowSpan={2} className={`${head} text-left`}>
              {t('kpi')}
            </th>
            <th scope="colgroup" colSpan={3} className={`${head} text-center`}>
              {t('score')}
            </th>
            <th scope="colgroup" colSpan={3} className={`${head} text-center`}>
              {t('rawValue')}
            </th>
          </tr>
          <tr className="text-right">
            <th scope="col" className={head}>
              {baselineTitle}
            </th>
            <th scope="col" className={head}>
              {currentTitle}
            </th>
            <th scope="col" className={head}>
              {t('difference')}
            </th>
            <th scope="col" className={head}>
              {baselineTitle}
            </th>
            <th scope="col" className={head}>
              {currentTitle}
            </th>
            <th scope="col" className={head}>
              {t('difference')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <Fragment key={row.entity}>
              <EntityRows row={row} maxScore={maxScore} name={nameOf(row.entity)} />
            </Fragment>
          ))}
        </tbody>
      </table>
    </div>
  );
}
