import { chartEntityOf } from '@nq/contracts/analytics/series-colours';
import type { StoryboardKpi } from '@nq/contracts/analytics/storyboard';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type ChartData, GraphicChart } from '../../../shared/charts/index.ts';
import { NarrowedByNote } from '../../../shared/charts/NarrowedByNote.tsx';
import { currentLanguage } from '../../../shared/i18n/i18n.ts';
import { kpiText } from '../../../shared/i18n/value-texts.ts';
import type { KpisTileData } from '../api/storyboard.ts';
import { formatNumber } from './number-format.ts';
import { evolutionLink, useReaches } from './screen-links.ts';
import { TileEmpty, TileError } from './Tile.tsx';

/** A KPI's daily averages as the chart layer draws them: one series (the whole selection's) over a time axis. */
export const kpiChartData = (kpi: StoryboardKpi, name: string): ChartData => ({
  axis: { kind: 'time', values: kpi.days.map((day) => Date.parse(day.day)) },
  series: [{ id: kpi.kpi, name, entity: chartEntityOf({}), values: kpi.days.map((day) => day.value) }],
});

function KpiCard({ kpi, tile }: { kpi: KpisTileData['list'][number]; tile: KpisTileData }) {
  const { t } = useTranslation('storyboard');
  const reaches = useReaches();
  const name = kpiText(kpi.kpi, currentLanguage());
  const heading = reaches('evolution') ? (
    <Link
      to={evolutionLink({ kpi: kpi.kpi, tsStart: tile.tsStart, tsEnd: tile.tsEnd })}
      className="text-blue-700 hover:underline"
    >
      {name}
    </Link>
  ) : (
    name
  );
  return (
    <li
      className="flex min-w-0 flex-col gap-1 rounded-md border border-gray-100 p-3"
      data-testid="storyboard-kpi"
      data-kpi={kpi.kpi}
    >
      <h3 className="text-sm font-medium">{heading}</h3>
      {'error' in kpi ? (
        <TileError error={kpi.error} />
      ) : kpi.days.length === 0 ? (
        <TileEmpty>{t('kpis.noData')}</TileEmpty>
      ) : (
        <>
          <p className="text-xs text-tremor-content">
            {t('kpis.average')}{' '}
            <span className="text-lg font-semibold text-tremor-content-strong tabular-nums" data-testid="kpi-average">
              {`${formatNumber(kpi.average ?? 0)} ${kpi.unit}`}
            </span>
          </p>
          {kpi.inverse && <p className="text-xs text-tremor-content">{t('kpis.lowerIsBetter')}</p>}
          <GraphicChart
            title={t('kpis.chartTitle', { kpi: name })}
            type="line"
            data={kpiChartData(kpi, name)}
            unit={kpi.unit}
            format={(value) => formatNumber(value)}
            height={130}
            compact
          />
        </>
      )}
    </li>
  );
}

/** As many columns as KPIs on a wide screen (at most 4): the row is filled. */
const columns: Record<number, string> = { 1: 'sm:grid-cols-1', 3: 'xl:grid-cols-3' };

/** The profile's main KPIs over the last 30 days, each a small chart leading to its evolution. */
export function KpisContent({ tile }: { tile: KpisTileData }) {
  const { t } = useTranslation('storyboard');
  return (
    <>
      <NarrowedByNote narrowedBy={tile.narrowedBy} />
      {tile.list.length === 0 ? (
        <TileEmpty>{t('kpis.empty')}</TileEmpty>
      ) : (
        <ul className={`grid gap-3 sm:grid-cols-2 ${columns[tile.list.length] ?? 'xl:grid-cols-4'}`}>
          {tile.list.map((kpi) => (
            <KpiCard key={kpi.kpi} kpi={kpi} tile={tile} />
          ))}
        </ul>
      )}
    </>
  );
}
