import type { RegulatoryFigure } from '@nq/contracts/analytics/regulatory-report';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { kpiLabel } from '../../../shared/entity-screen/kpi-options.ts';
import type { Calculation } from '../api/regulatory-reports-api.ts';
import { type FigureTable, figureOf, figureTables, numberText, statisticText, valueText } from '../model/statistics.ts';

/** A group's technology as the interface language names it, else as the API labelled it. */
export const technologyName = (t: TFunction, technology: { code: number; label: string }) =>
  t(`fleet:technologies.${technology.code}`, { defaultValue: technology.label });

const cell = 'px-3 py-2 text-left align-top';
const number = 'px-3 py-2 text-right align-top tabular-nums';

/** A KPI and statistic as a table names it: `Download speed · Median`. */
export function useTableTitle() {
  const { t } = useTranslation('regulatoryReports');
  return (table: Pick<FigureTable, 'kpi' | 'statistic'>) =>
    `${kpiLabel(table.kpi)} · ${statisticText(t, table.kpi, table.statistic)}`;
}

/** A figure's value and interval, or that it is not published and why (the report's minimum sample). */
function FigureCells({
  figure,
  minimumMeasurements,
  minimumProbes,
}: {
  figure: RegulatoryFigure | undefined;
  minimumMeasurements: number;
  minimumProbes: number;
}) {
  const { t } = useTranslation('regulatoryReports');
  if (!figure)
    return (
      <td className={cell} colSpan={2}>
        —
      </td>
    );
  if (!figure.published)
    return (
      <td className={cell} colSpan={2} data-testid="withheld">
        <span className="font-medium text-amber-800">{t('notPublished')}</span>
        {figure.withheld && (
          <span className="block text-xs text-gray-600">
            {figure.withheld === 'tooFewMeasurements'
              ? t('withheld.tooFewMeasurements', {
                  count: figure.measurements,
                  measurements: numberText(figure.measurements),
                  minimum: numberText(minimumMeasurements),
                })
              : t('withheld.tooFewProbes', {
                  count: figure.probes,
                  probes: numberText(figure.probes),
                  minimum: numberText(minimumProbes),
                })}
          </span>
        )}
      </td>
    );
  if (figure.value === null)
    return (
      <td className={cell} colSpan={2}>
        {t('noValue')}
      </td>
    );
  return (
    <>
      <td className={number} data-testid="value">
        {valueText(figure.kpi, figure.statistic, figure.value)}
      </td>
      <td className={number} data-testid="interval">
        {figure.interval
          ? `${numberText(figure.interval.low)} – ${valueText(figure.kpi, figure.statistic, figure.interval.high)}`
          : '—'}
      </td>
    </>
  );
}

/**
 * For each KPI and statistic of the report, a table of its groups (provider, and technology when the report splits by
 * it): the value in the KPI's unit, its 95 % interval and the measurements and probes behind it.
 */
export function FigureTables({ calculation }: { calculation: Calculation }) {
  const { t } = useTranslation('regulatoryReports');
  const titleOf = useTableTitle();
  const byTechnology = calculation.groups.some((group) => group.technology);
  return (
    <div className="flex flex-col gap-5">
      {figureTables(calculation.groups).map((table) => {
        const title = titleOf(table);
        return (
          <section key={table.key} aria-label={title} className="overflow-x-auto">
            <h3 className="mb-1 text-sm font-semibold text-gray-800">{title}</h3>
            <table className="min-w-full divide-y divide-gray-200 rounded-lg border border-gray-200 text-sm">
              <caption className="sr-only">{title}</caption>
              <thead className="bg-gray-50 text-gray-600">
                <tr>
                  <th scope="col" className={cell}>
                    {t('provider')}
                  </th>
                  {byTechnology && (
                    <th scope="col" className={cell}>
                      {t('technology')}
                    </th>
                  )}
                  <th scope="col" className={number}>
                    {t('value')}
                  </th>
                  <th scope="col" className={number}>
                    {t('interval')}
                  </th>
                  <th scope="col" className={number}>
                    {t('measurements')}
                  </th>
                  <th scope="col" className={number}>
                    {t('probes')}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-100">
                {calculation.groups.map((group) => {
                  const figure = figureOf(group, table);
                  return (
                    <tr
                      key={`${group.provider.id}/${group.technology?.code ?? ''}`}
                      data-provider={group.provider.id}
                      data-technology={group.technology?.code}
                    >
                      <th scope="row" className={`${cell} font-medium`}>
                        {group.provider.name}
                      </th>
                      {byTechnology && (
                        <td className={cell}>{group.technology ? technologyName(t, group.technology) : '—'}</td>
                      )}
                      <FigureCells
                        figure={figure}
                        minimumMeasurements={calculation.minimumMeasurements}
                        minimumProbes={calculation.minimumProbes}
                      />
                      <td className={number} data-testid="measurements">
                        {figure ? numberText(figure.measurements) : ''}
                      </td>
                      <td className={number} data-testid="probes">
                        {figure ? numberText(figure.probes) : ''}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </section>
        );
      })}
    </div>
  );
}
