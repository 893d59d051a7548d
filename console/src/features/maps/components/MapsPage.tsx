import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/api-error.ts';
import { useKpiCatalogue } from '../../../shared/api/kpi-catalogue.ts';
import { useRefreshInterval } from '../../../shared/api/refresh-interval.ts';
import { NarrowedByNote } from '../../../shared/charts/NarrowedByNote.tsx';
import { QueryProgress } from '../../../shared/charts/QueryProgress.tsx';
import { currentLanguage } from '../../../shared/i18n/i18n.ts';
import { ErrorNotice, Notices } from '../../../shared/ui/notices.tsx';
import { Card, PageHeader } from '../../../shared/ui/screens.tsx';
import { type MapAnswer, mapProgress, mapQuery } from '../api/maps.ts';
import { type MapView, madrid, viewOfBounds } from '../kepler/map-layers.ts';
import { cellsBounds } from '../model/map-cells.ts';
import { LazyMap } from './LazyMap.tsx';
import { Legend } from './Legend.tsx';
import { MapFilters, type MapSettings } from './MapFilters.tsx';
import { MapRawData } from './MapRawData.tsx';
import { MapResults } from './MapResults.tsx';
import { Tabs } from './Tabs.tsx';
import { tileLayers, valueClasses } from './value-classes.ts';

type Tab = 'graphic' | 'results' | 'raw';

/**
 * /maps: a KPI's metric per map cell over the selection — as a map, as a table, and the raw points; a map asked for
 * over a second shows its progress, which Cancel aborts.
 */
export default function MapsPage() {
  const { t } = useTranslation('maps');
  const [settings, setSettings] = useState<MapSettings>();
  const [tab, setTab] = useState<Tab>('graphic');
  const kpis = useKpiCatalogue();
  const refetchInterval = useRefreshInterval();
  const map = useQuery({ ...mapQuery(settings?.request), refetchInterval });
  const kpi = kpis.data?.find((item) => item.id === settings?.request.kpi);

  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t('mapsPage.title')} />
      <Card>
        <MapFilters
          kpis={kpis.data ?? []}
          // Not before the KPIs are known: a map asked meanwhile would be refused for want of the KPI it shows.
          busy={map.isFetching || kpis.isPending}
          onShow={(next) => {
            setSettings(next);
            setTab('graphic');
          }}
        />
      </Card>
      {/* A long map (years of located measurements) shows its progress and can be cancelled. */}
      {settings && <QueryProgress {...mapProgress(settings.request)} />}
      {map.isError && (
        <ErrorNotice
          code={isApiError(map.error) && map.error.code !== 'generic.error' ? map.error.code : 'maps.resultsFailed'}
        />
      )}
      {map.data && settings && (
        <MapOutcome
          answer={map.data}
          settings={settings}
          unit={kpi?.unit ?? ''}
          inverse={kpi?.inverse ?? false}
          tab={tab}
          onTab={setTab}
        />
      )}
    </div>
  );
}

/** The closest zoom of cells: one cell alone is shown with the streets around it. */
const cellsMaxZoom = 15;

/** The view that fits the cells drawn; without any, the campaign's centre, else the default one. */
function cellsView(answer: MapAnswer): MapView {
  const campaign = answer.campaigns[0];
  const fallback = campaign ? { lon: campaign.center[0], lat: campaign.center[1], zoom: 11 } : madrid;
  return viewOfBounds(cellsBounds(answer.tiles, answer.zoom), fallback, cellsMaxZoom);
}

function MapOutcome({
  answer,
  settings,
  unit,
  inverse,
  tab,
  onTab,
}: {
  answer: MapAnswer;
  settings: MapSettings;
  unit: string;
  inverse: boolean;
  tab: Tab;
  onTab: (tab: Tab) => void;
}) {
  const { t } = useTranslation('maps');
  const format = useCallback(
    (value: number) => `${value.toFixed(value >= 100 ? 0 : 1)}${unit ? ` ${unit}` : ''}`,
    [unit],
  );
  const classes = useMemo(
    () => valueClasses(answer.tiles, settings.palette, inverse),
    [answer.tiles, settings.palette, inverse],
  );
  const layers = useMemo(
    () => tileLayers(classes, settings.radius, { value: t('mapsPage.value'), samples: t('mapsPage.samples'), format }),
    [classes, settings.radius, t, format],
  );
  // The first answer's: a refresh's new cells leave the map where the user looks (other filters mount this anew).
  const [view] = useState(() => cellsView(answer));
  const notices = answer.warnings.map((warning) => ({
    code: warning.code,
    ...(warning.params ? { params: warning.params } : {}),
  }));
  // The count answer carries the limit but not the warning params: the page supplies it, as the language writes it.
  const blocked = answer.total > answer.limit;
  const limit = answer.limit.toLocaleString(currentLanguage());

  return (
    <div className="flex flex-col gap-3">
      <Notices
        notices={notices.map((notice) =>
          notice.code === 'maps.sampleLimitExceeded' ? { ...notice, params: { limit } } : notice,
        )}
      />
      <NarrowedByNote narrowedBy={answer.narrowedBy} />
      {answer.total > 0 && !blocked && (
        <>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <Tabs<Tab>
              label={t('mapsPage.view')}
              tabs={[
                { id: 'graphic', label: t('mapsPage.tabs.graphic') },
                { id: 'results', label: t('mapsPage.tabs.results') },
                { id: 'raw', label: t('mapsPage.tabs.raw') },
              ]}
              selected={tab}
              onSelect={onTab}
            />
            <p className="text-sm text-gray-500">
              {t('mapsPage.summary', { total: answer.total, cells: answer.tiles.length })} ·{' '}
              {t(settings.request.zoom === undefined ? 'mapsPage.automaticLevel' : 'mapsPage.level', {
                level: answer.zoom,
              })}
            </p>
          </div>
          {tab === 'graphic' && (
            <>
              <Legend
                title={t('mapsPage.legend')}
                entries={layers.map((layer) => ({
                  label: layer.label,
                  colour: layer.colour,
                  count: layer.points.length,
                }))}
              />
              <LazyMap layers={layers} view={view} label={t('mapsPage.tabs.graphic')} />
            </>
          )}
          {tab === 'results' && <MapResults tiles={answer.tiles} format={format} />}
          {tab === 'raw' && <MapRawData request={settings.request} />}
        </>
      )}
    </div>
  );
}
