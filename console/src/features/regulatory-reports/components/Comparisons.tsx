import type { RegulatoryComparison } from '@nq/contracts/analytics/regulatory-report';
import { useTranslation } from 'react-i18next';
import type { Calculation } from '../api/regulatory-reports-api.ts';
import { differenceText, statisticKey } from '../model/statistics.ts';
import { technologyName, useTableTitle } from './FigureTables.tsx';

const cell = 'px-3 py-2 text-left align-top';
const number = 'px-3 py-2 text-right align-top tabular-nums';

/**
 * Per KPI and statistic (and technology), each pair of providers: the difference of their figures, its 95 % interval,
 * and whether they differ (the interval leaves out 0).
 */
export function Comparisons({ calculation }: { calculation: Calculation }) {
  const { t } = useTranslation('regulatoryReports');
  const titleOf = useTableTitle();
  const providerName = (id: string) =>
    calculation.groups.find((group) => group.provider.id === id)?.provider.name ?? id;
  const technologyOf = (code: number) => {
    const technology = calculation.groups.find((group) => group.technology?.code === code)?.technology;
    return technologyName(t, technology ?? { code, label: String(code) });
  };
  const tables = new Map<string, RegulatoryComparison[]>();
  for (const comparison of calculation.comparisons) {
    const key = `${comparison.kpi}/${statisticKey(comparison.statistic)}/${comparison.technology ?? ''}`;
    tables.set(key, [...(tables.get(key) ?? []), comparison]);
  }
  if (tables.size === 0) return <p className="text-sm text-gray-600">{t('noComparisons')}</p>;

  return (
    <div className="flex flex-col gap-5">
      {[...tables].map(([key, comparisons]) => {
        const [first] = comparisons as [RegulatoryComparison];
        const title =
          first.technology === undefined ? titleOf(first) : `${titleOf(first)} · ${technologyOf(first.technology)}`;
        const differing = comparisons.filter((comparison) => comparison.differs);
        return (
          <section key={key} aria-label={`${t('comparisonOf')} ${title}`} className="overflow-x-auto">
            <h3 className="text-sm font-semibold text-gray-800">{title}</h3>
            <p className="mb-1 text-sm text-gray-700" data-testid="differing">
              {differing.length === 0
                ? t('noPairDiffers')
                : t('pairsDiffer', {
                    pairs: differing
                      .map((comparison) => `${providerName(comparison.a)} – ${providerName(comparison.b)}`)
                      .join(', '),
                  })}
            </p>
            <table className="min-w-full divide-y divide-gray-200 rounded-lg border border-gray-200 text-sm">
              <caption className="sr-only">{`${t('comparisonOf')} ${title}`}</caption>
              <thead className="bg-gray-50 text-gray-600">
                <tr>
                  <th scope="col" className={cell}>
                    {t('pair')}
                  </th>
                  <th scope="col" className={number}>
                    {t('difference')}
                  </th>
                  <th scope="col" className={number}>
                    {t('interval')}
                  </th>
                  <th scope="col" className={cell}>
                    {t('verdict')}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-100">
                {comparisons.map((comparison) => (
                  <tr key={`${comparison.a}/${comparison.b}`} data-pair={`${comparison.a}/${comparison.b}`}>
                    <th scope="row" className={`${cell} font-medium`}>
                      {providerName(comparison.a)} – {providerName(comparison.b)}
                    </th>
                    <td className={number}>
                      {differenceText(t, comparison.kpi, comparison.statistic, comparison.difference)}
                    </td>
                    <td className={number}>
                      {differenceText(t, comparison.kpi, comparison.statistic, comparison.interval.low)} –{' '}
                      {differenceText(t, comparison.kpi, comparison.statistic, comparison.interval.high)}
                    </td>
                    <td className={`${cell} ${comparison.differs ? 'font-medium text-blue-800' : 'text-gray-600'}`}>
                      {comparison.differs ? t('differs') : t('doesNotDiffer')}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        );
      })}
    </div>
  );
}
