import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorNotice, Notices } from '../../../shared/ui/notices.tsx';
import { PageHeader, Spinner } from '../../../shared/ui/screens.tsx';
import { clusterRows, probeRows, useProbesMap } from '../api/probes-map.ts';
import { preloadKeplerMap } from '../kepler/load-kepler-map.ts';
import { type MapView, viewOfBounds } from '../kepler/map-layers.ts';
import type { MapViewport } from '../kepler/map-viewport.ts';
import { LazyMap } from './LazyMap.tsx';
import { Legend } from './Legend.tsx';
import { ProbesMapTable } from './ProbesMapTable.tsx';
import { clusterLayers, legendOf, probeLayers } from './probe-layers.ts';
import { Tabs } from './Tabs.tsx';

type View = 'map' | 'table';

/** How long the map rests after a pan or zoom before the server is asked for the area it shows. */
const VIEW_PAUSE_MS = 250;

/** Where the map opens: around every located probe, as the first answer (the whole world's) bounds them. */
interface Opening {
  view: MapView;
  located: number;
  withoutCoordinates: number;
}

/** The area the map shows, told once it rests: the answer for it replaces the shown one when it arrives. */
function useRestingViewport() {
  const [viewport, setViewport] = useState<MapViewport>();
  const pending = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(pending.current), []);
  const onViewChange = useCallback((next: MapViewport) => {
    clearTimeout(pending.current);
    pending.current = setTimeout(() => setViewport(next), VIEW_PAUSE_MS);
  }, []);
  return { viewport, onViewChange };
}

/**
 * /probes-map: the profile's probes on a map coloured by state, or in a table (the toggle). The server answers the
 * area the map shows at its zoom: up to 500 probes one by one, more as clusters (their count written on them, drawn in
 * their worst state), so the first draw and each pan cost a screen's worth whatever the fleet's size. Probes without
 * coordinates are a count with a link to the table of them.
 */
export default function ProbesMapPage() {
  const { t } = useTranslation('maps');
  const [view, setView] = useState<View>('map');
  const [tableLocated, setTableLocated] = useState<'' | 'true' | 'false'>('');
  const { viewport, onViewChange } = useRestingViewport();
  const probes = useProbesMap(viewport);
  useEffect(preloadKeplerMap, []);
  const answer = probes.data;
  const [opening, setOpening] = useState<Opening>();
  useEffect(() => {
    if (answer && !opening)
      setOpening({
        view: viewOfBounds(answer.bounds ?? undefined),
        located: answer.located,
        withoutCoordinates: answer.withoutCoordinates,
      });
  }, [answer, opening]);

  const statusLabel = useCallback((status: string) => t(`statuses.${status}`, { defaultValue: status }), [t]);
  const shown = useMemo(
    () => ({ probes: answer ? probeRows(answer) : [], clusters: answer ? clusterRows(answer) : [] }),
    [answer],
  );
  const layers = useMemo(
    () =>
      answer?.clustered
        ? clusterLayers(shown.clusters, statusLabel, t('probesMap.probesHere'))
        : probeLayers(shown.probes, statusLabel, t('probesMap.probesHere')),
    [answer, shown, statusLabel, t],
  );
  const withoutCoordinates = answer?.withoutCoordinates ?? 0;
  const showUnlocated = () => {
    setTableLocated('false');
    setView('table');
  };

  return (
    <div className="flex flex-col gap-4">
      <PageHeader
        title={t('probesMap.title')}
        actions={
          <Tabs<View>
            label={t('probesMap.view')}
            tabs={[
              { id: 'map', label: t('probesMap.map') },
              { id: 'table', label: t('probesMap.table') },
            ]}
            selected={view}
            onSelect={setView}
          />
        }
      >
        {answer && view === 'map' && (
          <p className="text-sm text-gray-500" data-testid="probes-in-view">
            {t(answer.clustered ? 'probesMap.inViewClustered' : 'probesMap.inView', { count: answer.located })}
          </p>
        )}
      </PageHeader>
      {probes.isPending && <Spinner label={t('common:loading')} />}
      {probes.isError && (
        <ErrorNotice code="probeMaps.fetchFailed" onRetry={() => void probes.refetch()} retryLabel={t('retry')} />
      )}
      {opening && opening.located + opening.withoutCoordinates === 0 && (
        <Notices notices={[{ code: 'probeMaps.noProbes' }]} />
      )}
      {withoutCoordinates > 0 && (
        <p
          role="status"
          data-notice-code="probes.noCoordinates"
          className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
        >
          {t('probesMap.withoutCoordinates', { count: withoutCoordinates })}
          <button type="button" className="ml-2 font-medium underline" onClick={showUnlocated}>
            {t('probesMap.listThem')}
          </button>
        </p>
      )}
      {view === 'table' && (
        <ProbesMapTable located={tableLocated} onLocated={setTableLocated} statusLabel={statusLabel} />
      )}
      {view === 'map' &&
        opening &&
        (opening.located === 0 ? (
          opening.withoutCoordinates > 0 && <Notices notices={[{ code: 'probeMaps.noGpsMarkers' }]} />
        ) : (
          <>
            <Legend title={t('probesMap.legend')} entries={legendOf(shown, statusLabel)} />
            <LazyMap layers={layers} view={opening.view} label={t('probesMap.map')} onViewChange={onViewChange} />
          </>
        ))}
    </div>
  );
}
