import { addDataToMap, removeDataset } from '@kepler.gl/actions';
import { KeplerGl } from '@kepler.gl/components';
import { MAP_CONTROLS } from '@kepler.gl/constants';
import { enhanceReduxMiddleware, keplerGlReducer } from '@kepler.gl/reducers';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Provider } from 'react-redux';
import { applyMiddleware, combineReducers, createStore } from 'redux';
import { StyleSheetManager } from 'styled-components';
import { currentLanguage } from '../../../shared/i18n/i18n.ts';
import { cspSafeStyleTarget } from './csp-compat.ts';
import { configureKepler, mapStyleState } from './kepler-setup.ts';
import {
  type BaseMap,
  keplerConfig,
  type MapView,
  type Outlines,
  type PointLayer,
  regionContext,
} from './map-layers.ts';
import { onlineStyleUrl } from './online-style.ts';

export interface KeplerMapProps {
  layers: readonly PointLayer[];
  view: MapView;
  /** Accessible name of the map region. */
  label: string;
  /** What the base map's parts are called in their tooltips (e.g. "Countries"). */
  baseLabels: BaseMapLabels;
}

export interface BaseMapLabels {
  outlines: string;
  boundaries: string;
  places: string;
}

const MAP_ID = 'map';
const OUTLINES_URL = '/geo/europe-outline.geojson';
const REGION_URL = '/geo/madrid-region.geojson';

type Collection = Outlines['collection'] & Parameters<typeof regionContext>[0];
const fetchCollection = (url: string): Promise<Collection | undefined> =>
  fetch(url)
    .then((response) => (response.ok ? response.json() : undefined))
    .catch(() => undefined);

interface BaseFiles {
  outlines?: Collection | undefined;
  region?: Collection | undefined;
}

let baseFiles: Promise<BaseFiles> | undefined;
/**
 * The shipped base map, fetched once (a missing file leaves that part out): country outlines and the demo region's
 * boundaries and places. An online style has its own base.
 */
const loadBaseFiles = (): Promise<BaseFiles> => {
  if (onlineStyleUrl) return Promise.resolve({});
  baseFiles ??= Promise.all([fetchCollection(OUTLINES_URL), fetchCollection(REGION_URL)]).then(
    ([outlines, region]) => ({ outlines, region }),
  );
  return baseFiles;
};

function baseMapOf(files: BaseFiles, labels: BaseMapLabels): BaseMap {
  const region = files.region && regionContext(files.region);
  return {
    outlines: files.outlines && { label: labels.outlines, collection: files.outlines },
    boundaries: region && { label: labels.boundaries, collection: region.boundaries },
    places: region && { label: labels.places, places: region.places },
  };
}

/** Each map has its own kepler store: kepler's state stays out of the app and goes with the map. */
function createMapStore() {
  configureKepler();
  const reducer = combineReducers({
    keplerGl: keplerGlReducer.initialState({
      uiState: {
        readOnly: true,
        currentModal: null,
        activeSidePanel: null,
        locale: currentLanguage(),
        // The page draws the legend; kepler's editing controls have no use on a read-only map.
        mapControls: Object.fromEntries(
          Object.keys(MAP_CONTROLS).map((control) => [control, { show: false, active: false }]),
        ),
      },
      mapStyle: mapStyleState(),
    }),
  });
  return createStore(reducer, {}, applyMiddleware(...enhanceReduxMiddleware([])));
}

function useElementSize() {
  const ref = useRef<HTMLElement>(null);
  const [size, setSize] = useState<{ width: number; height: number }>();
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setSize({ width: Math.round(entry.contentRect.width), height: Math.round(entry.contentRect.height) });
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, size };
}

/**
 * A kepler.gl map of point layers over the shipped base map (offline: country outlines, the demo region's boundaries
 * and places), read-only. Replacing the layers
 * replaces the datasets; the view moves only when the caller's view changes.
 */
export default function KeplerMap({ layers, view, label, baseLabels }: KeplerMapProps) {
  const store = useMemo(createMapStore, []);
  const styleTarget = useMemo(cspSafeStyleTarget, []);
  const { ref, size } = useElementSize();
  const shown = useRef<string[]>([]);
  const placedAt = useRef<string>();
  // kepler ignores data sent before its instance registers in the store (on mount): wait for it.
  const [registered, setRegistered] = useState(false);
  useEffect(() => {
    const check = () => setRegistered(Boolean((store.getState().keplerGl as Record<string, unknown>)[MAP_ID]));
    check();
    return store.subscribe(check);
  }, [store]);

  useEffect(() => {
    if (!registered) return;
    let cancelled = false;
    void loadBaseFiles().then((files) => {
      if (cancelled) return;
      for (const id of shown.current) store.dispatch(removeDataset(id));
      // New data (a refresh) keeps the user's pan and zoom; a new view (other filters) moves the map.
      const viewKey = JSON.stringify(view);
      const moveTo = viewKey === placedAt.current ? undefined : view;
      placedAt.current = viewKey;
      const { datasets, config } = keplerConfig(layers, moveTo, baseMapOf(files, baseLabels));
      shown.current = datasets.map((dataset) => dataset.info.id);
      store.dispatch(
        addDataToMap({ datasets, config, options: { centerMap: false, readOnly: true, keepExistingConfig: false } }),
      );
    });
    return () => {
      cancelled = true;
    };
  }, [store, registered, layers, view, baseLabels]);

  return (
    <section ref={ref} aria-label={label} className="relative h-full w-full overflow-hidden" data-testid="kepler-map">
      <StyleSheetManager target={styleTarget}>
        <Provider store={store}>
          {size && size.width > 0 && (
            <KeplerGl id={MAP_ID} mapboxApiAccessToken="offline" width={size.width} height={size.height} />
          )}
        </Provider>
      </StyleSheetManager>
    </section>
  );
}
