import type { CsvOptions } from '@nq/contracts/files/csv-options';
import type { EChartsType } from 'echarts/core';
import type { TFunction } from 'i18next';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CsvExportDialog } from '../csv/CsvOptionsFields.tsx';
import { useCsvOptions } from '../csv/useCsvOptions.ts';
import { eventName } from '../i18n/event-name.ts';
import { ChangeMarkerList, settingsHistoryPath } from './ChangeMarkerList.tsx';
import { ChartLegend } from './ChartLegend.tsx';
import { ChartTableView } from './ChartTableView.tsx';
import { legendEntries, useColourChoices } from './chart-colours.ts';
import { withDisplay } from './chart-display.ts';
import { exportCsv, exportPng, exportSvg } from './chart-export.ts';
import type { ChangeMarker, ChartType, GraphicChartProps } from './chart-model.ts';
import { type ChartTableNames, chartTable, csvOf } from './chart-table.ts';
import { EChartsView } from './EChartsView.tsx';
import { chartOption } from './echarts-option.ts';
import { ReproductionLine } from './ReproductionLine.tsx';

const zoomable: ReadonlySet<ChartType> = new Set(['bars', 'line', 'area', 'mix', 'boxplot', 'scatterplot', 'bubbles']);

const buttonClass =
  'rounded border border-gray-300 bg-white px-2 py-1 text-xs font-medium text-gray-700 hover:bg-gray-50 focus:outline-none focus:ring-2 focus:ring-blue-500 disabled:opacity-50';

/**
 * The one chart every screen draws with: the data as the chosen type (ECharts, loaded on first use; `table` an HTML
 * table), the graphic actions (reset zoom, export PNG, SVG and CSV — the CSV in the format the user asks for), a legend whose entries show or hide their series
 * and change their colour (kept per chart title), the data as a table on demand and, on time charts, the change
 * markers with their links and, for a graphic answer, what reproduces its numbers (Reproduce pins them, Latest unpins).
 * `compact` (small tiles) keeps only the drawing; `fitted` (dashboard tiles) the drawing and the legend, within the
 * height given.
 */
export function GraphicChart({
  title,
  type,
  data,
  unit,
  axisNames,
  format: formatNumber,
  markers,
  height = 320,
  compact = false,
  fitted = false,
  stacked = false,
  display,
  reproduction,
}: GraphicChartProps) {
  const { t, i18n } = useTranslation('charts');
  const navigate = useNavigate();
  const language = i18n.language;
  const { choices, choose, reset } = useColourChoices(title);
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const [zoomed, setZoomed] = useState<[number, number]>();
  const [width, setWidth] = useState<number>();
  const chart = useRef<EChartsType>();

  const number = useMemo(
    () => formatNumber ?? new Intl.NumberFormat(language, { maximumFractionDigits: 2 }).format,
    [formatNumber, language],
  );
  const withUnit = (value: number) => `${number(value)}${unit ? ` ${unit}` : ''}`;
  const instant = useMemo(() => {
    const timeZone = data.axis.kind === 'time' ? data.axis.timeZone : undefined;
    const reading = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short', timeZone });
    return (at: number) => reading.format(new Date(at));
  }, [data.axis, language]);

  const inOrder = display?.colours;
  const entries = useMemo(() => legendEntries(data, choices, inOrder), [data, choices, inOrder]);
  // A tile's chart has no toolbar, zoom, change markers or data table: its enlarged view has them.
  const actions = !compact && !fitted;
  const visible = (id: string) => !hidden.has(id);
  const namesIn = (text: TFunction): ChartTableNames => ({
    category: text('category'),
    series: text('series'),
    instant,
    boxParts: text('boxParts', { returnObjects: true }) as ChartTableNames['boxParts'],
    point: text('point', { returnObjects: true }) as ChartTableNames['point'],
  });
  const table = chartTable(data, visible, namesIn(t));
  // The CSV's own headers are in the language it asks for; its rows are the table's.
  const csv = useCsvOptions();
  const [exporting, setExporting] = useState(false);
  const exportTable = (options: CsvOptions) => {
    const headers = chartTable(data, visible, namesIn(i18n.getFixedT(options.headerLanguage, 'charts')));
    exportCsv(csvOf(headers, options), title);
    setExporting(false);
  };
  const shown = entries.filter((entry) => visible(entry.id)).map((entry) => entry.name);
  const description = t('description', { title, type: t(`chartTypes.${type}`), series: shown.join(', ') });
  const timeMarkers = data.axis.kind === 'time' && actions ? (markers ?? []) : [];
  const when = new Intl.DateTimeFormat(language, {
    dateStyle: 'medium',
    timeStyle: 'short',
    ...(data.axis.kind === 'time' && data.axis.timeZone ? { timeZone: data.axis.timeZone } : {}),
  });
  const markerLines = (marker: ChangeMarker) => [
    `${marker.entityName} · ${t(`settingsHistory:kinds.${marker.kind}`, { defaultValue: marker.kind })}`,
    `${t(`settingsHistory:events.${eventName(marker.kind, marker.event)}`, { defaultValue: marker.event })}: ${
      marker.fields.map((field) => t(`markerFields.${field}`, { defaultValue: field })).join(', ') || t('noFields')
    }`,
    when.format(new Date(marker.at)),
  ];

  const drawn =
    type === 'table'
      ? undefined
      : chartOption({
          type,
          data,
          entries,
          visible,
          format: number,
          unit,
          axisNames,
          markers: timeMarkers,
          compact,
          fitted,
          zoomable: actions,
          stacked,
          language,
          width,
          zoomed,
          markerLines,
          instant,
        });
  const option = drawn && display ? withDisplay(drawn, type, display, number) : drawn;
  // The option is rebuilt only when what it draws changes (a new object would redraw the chart at every render).
  const optionKey = JSON.stringify([
    type,
    data,
    entries,
    [...hidden],
    unit,
    axisNames,
    timeMarkers,
    compact,
    fitted,
    stacked,
    zoomed,
    language,
    width,
    display,
  ]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: optionKey stands for everything the option is built from
  const stableOption = useMemo(() => option, [optionKey]);

  const toggle = (id: string) =>
    setHidden((before) => {
      const after = new Set(before);
      if (!after.delete(id)) after.add(id);
      return after;
    });

  return (
    <figure
      aria-label={title}
      className="m-0 flex min-w-0 flex-col gap-2"
      // A tile's drawing shares its height with the legend; a table scrolls within the tile.
      style={fitted && type !== 'table' ? { height } : undefined}
      data-testid="graphic-chart"
    >
      {actions && (
        <div role="toolbar" aria-label={t('actions')} className="flex flex-wrap justify-end gap-1.5">
          {zoomable.has(type) && (
            <button
              type="button"
              className={buttonClass}
              disabled={!zoomed}
              onClick={() => chart.current?.dispatchAction({ type: 'dataZoom', start: 0, end: 100 })}
            >
              {t('resetZoom')}
            </button>
          )}
          {type !== 'table' && (
            <>
              <button
                type="button"
                className={buttonClass}
                onClick={() => chart.current && void exportPng(chart.current, title)}
              >
                {t('exportPng')}
              </button>
              <button
                type="button"
                className={buttonClass}
                onClick={() => chart.current && exportSvg(chart.current, title)}
              >
                {t('exportSvg')}
              </button>
            </>
          )}
          <button type="button" className={buttonClass} onClick={() => setExporting(true)}>
            {t('exportCsv')}
          </button>
        </div>
      )}
      {actions && (
        <CsvExportDialog
          open={exporting}
          name={title}
          state={csv}
          onClose={() => setExporting(false)}
          onDownload={exportTable}
        />
      )}
      {stableOption ? (
        <EChartsView
          option={stableOption}
          height={fitted ? undefined : height}
          title={title}
          description={description}
          onInstance={(instance) => {
            chart.current = instance;
          }}
          onZoom={setZoomed}
          onWidth={setWidth}
          onMarkerClick={(index) => {
            const marker = timeMarkers[index];
            if (marker) void navigate(settingsHistoryPath(marker));
          }}
        />
      ) : (
        <ChartTableView title={title} table={table} format={withUnit} />
      )}
      {!compact && display?.showLegend !== false && (
        <ChartLegend
          fitted={fitted}
          entries={entries}
          hidden={hidden}
          onToggle={toggle}
          onChoose={(entry, colour) => choose(entry.name, colour)}
          onReset={reset}
        />
      )}
      {timeMarkers.length > 0 && (
        <ChangeMarkerList markers={timeMarkers} describe={(marker) => markerLines(marker).join(' · ')} />
      )}
      {actions && type !== 'table' && (
        <details>
          <summary className="cursor-pointer text-sm font-medium text-gray-700">{t('dataTable')}</summary>
          <div className="mt-2">
            <ChartTableView title={title} table={table} format={withUnit} />
          </div>
        </details>
      )}
      {actions && reproduction && <ReproductionLine {...reproduction} />}
    </figure>
  );
}
